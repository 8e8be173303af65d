/** Initials of a display name ("Orla Organizer" → "OO"), for people without a photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters
    .map((word) => (word ? [...word][0] : ""))
    .join("")
    .toUpperCase();
}

/** A round photo, or the initials when there is none. Decorative: the name is always shown beside it. */
export function Avatar({ name, photo, size = 32 }: { name: string; photo: string | null | undefined; size?: number }) {
  return photo ? (
    <img className="avatar" src={photo} alt="" width={size} height={size} style={{ width: size, height: size }} data-testid="avatar" />
  ) : (
    <span className="avatar avatar--initials" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.4 }} data-testid="avatar">
      {initialsOf(name) || "?"}
    </span>
  );
}

import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { fieldErrors, input, offlineReplica, queued, seedWebcast, select, type } from "./test-support.tsx";

/** The registration form editor of the access tab (issue #19), offline on a real Dexie replica. */
const harness = offlineReplica();

const SAVED_OFFLINE = "Changes saved on this device. They will be sent when you are back online.";
const NAME_REQUIRED = "Enter this value in at least one language.";

async function openAccess(): Promise<string> {
  const id = await seedWebcast(harness.engine);
  await renderApp(`/webcasts/${id}/edit?tab=access`);
  const panel = await screen.findByTestId("webcast-panel-access");
  await waitFor(() => expect(within(panel).queryByTestId("registration-form")).not.toBeNull());
  return id;
}

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));

async function addField(type: string): Promise<number> {
  click("registration-add-field");
  const index = screen.getAllByTestId("registration-field").length - 1;
  fireEvent.change(select(`registration_fields.${index}.type`), { target: { value: type } });
  await waitFor(() => expect(select(`registration_fields.${index}.type`).value).toBe(type));
  return index;
}

describe("registration form editor", () => {
  it("adds a select with two options and a conditional text field, shows a nameless option's error, then saves offline", { timeout: 15_000 }, async () => {
    const id = await openAccess();
    expect(screen.getByTestId("registration-form-empty").textContent).toBe("No registration fields yet: newcomers give only their name and e-mail address.");

    const workshop = await addField("select");
    expect(screen.queryByTestId("registration-form-empty")).toBeNull();
    // The new field took the focus on its first name input.
    expect(document.activeElement).toBe(input("registration_fields.0.name.en"));
    type("registration_fields.0.name.en", "Workshop");
    type("registration_fields.0.name.fr", "Atelier");
    click(`registration_fields.${workshop}.add-option`);
    click(`registration_fields.${workshop}.add-option`);
    type("registration_fields.0.options.0.name.en", "Morning");
    type("registration_fields.0.options.0.limit", "20");
    type("registration_fields.0.options.0.tags", "am, early,");

    const why = await addField("text");
    type("registration_fields.1.name.en", "Why the morning?");
    fireEvent.click(input("registration_fields.1.conditional"));
    expect(select("registration_fields.1.condition.field_id").value).toBe(screen.getAllByTestId("registration-field")[0]?.getAttribute("data-field-id"));
    expect([...select("registration_fields.1.condition.operator").options].map((option) => option.textContent)).toEqual(["is", "is not"]);
    expect([...select("registration_fields.1.condition.value").options].map((option) => option.textContent)).toEqual(["Morning", "Option 2"]);
    expect(why).toBe(1);

    // Not shown before the input is left or a save is tried.
    expect(fieldErrors("registration_fields.0.options.1.name.en")).toBe("");
    click("webcast-save-access");
    await screen.findByText("Some fields of the webcast are invalid.");
    expect(fieldErrors("registration_fields.0.options.1.name.en")).toBe(NAME_REQUIRED);
    expect(input("registration_fields.0.options.1.name.en").getAttribute("aria-invalid")).toBe("true");
    expect(await queued(harness.engine, "updateWebcast")).toEqual([]);

    type("registration_fields.0.options.1.name.en", "Afternoon");
    expect(fieldErrors("registration_fields.0.options.1.name.en")).toBe("");
    click("webcast-save-access");
    await screen.findByText(SAVED_OFFLINE);

    const row = await harness.engine.db.view_webcasts.get(id);
    const fields = row?.registration_fields ?? [];
    expect(fields).toHaveLength(2);
    expect(fields[0]).toMatchObject({ type: "select", name: { en: "Workshop", fr: "Atelier" }, required: false, condition: null });
    expect(fields[0]?.options.map(({ name, limit, tags }) => ({ name, limit, tags }))).toEqual([
      { name: { en: "Morning" }, limit: 20, tags: ["am", "early"] },
      { name: { en: "Afternoon" }, limit: null, tags: [] },
    ]);
    expect(fields[1]).toMatchObject({ type: "text", name: { en: "Why the morning?" }, options: [], condition: { field_id: fields[0]?.id, operator: "equals", value: fields[0]?.options[0]?.id } });
    const [args] = await queued(harness.engine, "updateWebcast");
    expect(Object.keys(args ?? {}).sort()).toEqual(["id", "now", "registration_fields"]);
  });

  it("shows a rule's error once the input is left, in the user's language rules (limit, duplicate names)", async () => {
    await openAccess();
    await addField("radio");
    type("registration_fields.0.name.en", "Size");
    click("registration_fields.0.add-option");
    type("registration_fields.0.options.0.name.en", "Small");
    type("registration_fields.0.options.0.limit", "0");
    fireEvent.blur(input("registration_fields.0.options.0.limit"));
    expect(fieldErrors("registration_fields.0.options.0.limit")).toBe("The limit is a whole number from 1 to 1,000,000; leave it empty for no limit.");
    type("registration_fields.0.options.0.limit", "");
    expect(fieldErrors("registration_fields.0.options.0.limit")).toBe("");

    await addField("text");
    type("registration_fields.1.name.en", " size ");
    fireEvent.blur(input("registration_fields.1.name.en"));
    expect(fieldErrors("registration_fields.1.name.en")).toBe("Another field use this name");
  });

  it("moves fields up and down, and asks before removing a field that has options", async () => {
    await openAccess();
    await addField("checkbox");
    type("registration_fields.0.name.en", "Member");
    await addField("select");
    type("registration_fields.1.name.en", "Workshop");
    click("registration_fields.1.add-option");

    click("registration_fields.1.move-up");
    expect(input("registration_fields.0.name.en").value).toBe("Workshop");
    expect(input("registration_fields.1.name.en").value).toBe("Member");
    expect(document.activeElement).toBe(screen.getByTestId("registration_fields.0.move-down"));

    click("registration_fields.0.remove");
    const dialog = await screen.findByRole("dialog", { name: "Remove this field?" });
    expect(dialog.textContent).toContain("“Workshop”");
    await act(async () => {
      fireEvent.keyDown(dialog, { key: "Enter" });
    });
    await waitFor(() => expect(screen.getAllByTestId("registration-field")).toHaveLength(1));
    expect(input("registration_fields.0.name.en").value).toBe("Member");

    // A field without options goes at once.
    click("registration_fields.0.remove");
    await screen.findByTestId("registration-form-empty");
    expect(document.activeElement).toBe(screen.getByTestId("registration-add-field"));
  });
});

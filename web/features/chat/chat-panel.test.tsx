import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CHAT_BODY_MAX } from "../../../domain/chat/record.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { ConfirmHost } from "../../ui/confirm-host.tsx";
import { chatMessage } from "../webcast-room/interaction-fixtures.ts";
import type { RequestOutcome } from "../webcast-room/room-client.ts";
import { ChatPanel } from "./chat-panel.tsx";

const ok = async (_command: RoomCommand): Promise<RequestOutcome> => ({ ok: true, result: undefined });

describe("ChatPanel", () => {
  it("renders a body as plain text, never as HTML", () => {
    const body = "<img src=x onerror=alert(1)>";
    const { container } = renderWithI18n(<ChatPanel interactions={{ participant_id: "viewer:me", chat: [chatMessage("m1", { body })], chat_more: false }} request={ok} canModerate={false} />);
    expect(screen.getByTestId("chat-body").textContent).toBe(body);
    expect(container.querySelector("img")).toBeNull();
  });

  it("counts the characters against the limit and refuses a body too long", () => {
    renderWithI18n(<ChatPanel interactions={{ participant_id: "viewer:me", chat: [], chat_more: false }} request={ok} canModerate={false} />);
    expect(screen.getByTestId("chat-empty")).toBeTruthy();
    fireEvent.change(screen.getByTestId("chat-input"), { target: { value: "héllo" } });
    expect(screen.getByTestId("chat-count").textContent).toBe(`5 / ${CHAT_BODY_MAX}`);
    fireEvent.change(screen.getByTestId("chat-input"), { target: { value: "x".repeat(CHAT_BODY_MAX + 1) } });
    expect(screen.getByTestId("chat-count").getAttribute("data-over")).toBe("true");
    expect((screen.getByTestId("chat-send") as HTMLButtonElement).disabled).toBe(true);
  });

  it("replies privately to a message's sender and shows the warning when they are not connected", async () => {
    const request = vi.fn(
      async (_command: RoomCommand): Promise<RequestOutcome> => ({
        ok: true,
        result: { message: chatMessage("m9", { sender_id: "viewer:2" }), warning: { code: "target_disconnected", message: "Ada is not connected: they will not receive it." } },
      }),
    );
    renderWithI18n(<ChatPanel interactions={{ participant_id: "viewer:me", chat: [chatMessage("m1", { sender_id: "viewer:1", sender_name: "Ada" })], chat_more: false }} request={request} canModerate={false} />);
    fireEvent.click(screen.getByTestId("chat-reply"));
    expect(screen.getByTestId("chat-target").textContent).toContain("Private message to Ada");
    fireEvent.change(screen.getByTestId("chat-input"), { target: { value: "Hi Ada" } });
    fireEvent.click(screen.getByTestId("chat-send"));
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith({ type: "chat.send", body: "Hi Ada", target_id: "viewer:1", target_name: "Ada" }));
    expect((await screen.findByTestId("chat-notice")).textContent).toBe("Ada is not connected: they will not receive it.");
  });

  it("lets a moderator delete a message after confirming, and shows tombstones", async () => {
    const request = vi.fn(ok);
    renderWithI18n(
      <>
        <ChatPanel interactions={{ participant_id: "viewer:me", chat: [chatMessage("m1"), chatMessage("m2", { body: "", deleted: true, deleted_at: 5 })], chat_more: false }} request={request} canModerate />
        <ConfirmHost />
      </>,
    );
    expect(screen.getByText("Message deleted")).toBeTruthy();
    expect(screen.getAllByTestId("chat-delete")).toHaveLength(1);
    fireEvent.click(screen.getByTestId("chat-delete"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith({ type: "chat.delete", message_id: "m1" }));
  });

  it("names a guest without a name 'A participant'", () => {
    renderWithI18n(<ChatPanel interactions={{ participant_id: "viewer:me", chat: [chatMessage("m1", { sender_id: "guest:1", sender_name: "" })], chat_more: false }} request={ok} canModerate={false} />);
    expect(screen.getByTestId("chat-message").querySelector("strong")?.textContent).toBe("A participant");
  });

  it("offers no private reply on the reader's own messages, from the first one on", () => {
    renderWithI18n(
      <ChatPanel
        interactions={{ participant_id: "viewer:me", chat: [chatMessage("m1", { sender_id: "viewer:me" }), chatMessage("m2", { sender_id: "viewer:ada", sender_name: "Ada" })], chat_more: false }}
        request={ok}
        canModerate={false}
      />,
    );
    expect(screen.getAllByTestId("chat-reply")).toHaveLength(1);
  });

  it("loads older messages before the oldest held", async () => {
    const loadOlder = vi.fn(async () => [chatMessage("m0", { sent_at: 1 })]);
    const onOlder = vi.fn();
    renderWithI18n(<ChatPanel interactions={{ participant_id: "viewer:me", chat: [chatMessage("m1", { sent_at: 2 })], chat_more: true }} request={ok} canModerate={false} loadOlder={loadOlder} onOlder={onOlder} />);
    fireEvent.click(screen.getByTestId("chat-older"));
    await vi.waitFor(() => expect(onOlder).toHaveBeenCalledWith([chatMessage("m0", { sent_at: 1 })], false));
    expect(loadOlder).toHaveBeenCalledWith("m1");
  });
});

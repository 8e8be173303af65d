import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { session } from "../session/store.ts";
import { pulledOrganization, pulledOutput } from "../webcasts/parts-test-support.ts";
import { fieldErrors, input, offlineReplica, queued, seedWebcast, type } from "../webcasts/test-support.tsx";

/** The streaming outputs tab, offline on a real Dexie replica (changes queued). */
const harness = offlineReplica();

const outputRows = () => screen.queryAllByTestId("output-row");

async function openOutputs(setup: (id: string) => Promise<unknown> = async () => undefined) {
  const id = await seedWebcast(harness.engine);
  await setup(id);
  const { router } = await renderApp(`/webcasts/${id}/edit?tab=streaming-outputs`);
  const panel = await screen.findByTestId("webcast-panel-streaming-outputs");
  await within(panel).findByTestId("streaming-outputs");
  return { id, panel, router };
}

describe("webcast streaming outputs", () => {
  it("creates an output through createStreamingOutput, the mutator's field errors on their fields", async () => {
    const { id, panel } = await openOutputs();
    expect(within(panel).getByText("No streaming outputs.")).toBeTruthy();
    fireEvent.click(within(panel).getByTestId("output-add"));
    type("rtmp_url", "http://example.com");
    type("stream_key", "my key");
    type("output_username", "studio");
    fireEvent.click(within(panel).getByTestId("output-save"));
    await screen.findByText("Some fields of the streaming output are invalid.", {}, { timeout: 3000 });
    expect(fieldErrors("rtmp_url")).toBe("The stream URL must start with rtmp:// or rtmps:// and have a path after the service address.");
    expect(fieldErrors("stream_key")).toBe("The stream key may not contain spaces.");
    expect(fieldErrors("output_password")).toBe("This field is required when Username is present.");
    expect(await queued(harness.engine, "createStreamingOutput")).toEqual([]);

    // The key is masked, with a Show button.
    expect(input("stream_key").type).toBe("password");
    fireEvent.click(within(panel).getByTestId("stream_key-toggle"));
    expect(input("stream_key").type).toBe("text");

    type("rtmp_url", "rtmp://a.rtmp.youtube.com/live2");
    type("stream_key", "abcd-1234");
    type("output_password", "s3cret");
    expect(fieldErrors("rtmp_url")).toBe("");
    fireEvent.click(input("activated"));
    fireEvent.click(within(panel).getByTestId("output-save"));
    await waitFor(() => expect(outputRows()).toHaveLength(1));
    expect(await queued(harness.engine, "createStreamingOutput")).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        organization_id: 1,
        webcast_id: id,
        rtmp_url: "rtmp://a.rtmp.youtube.com/live2",
        stream_key: "abcd-1234",
        username: "studio",
        password: "s3cret",
        activated: true,
        now: expect.any(String),
      },
    ]);
    const row = outputRows()[0] as HTMLElement;
    expect(within(row).getByTestId("output-key").textContent).not.toMatch("abcd");
    fireEvent.click(within(row).getByTestId("output-key-toggle"));
    expect(within(row).getByTestId("output-key").textContent).toBe("abcd-1234");
    expect(row.textContent).toMatch("Not synced yet");
  });

  it("edits only the changed fields, switches activation and deletes after confirming", async () => {
    let outputId = "";
    await openOutputs(async (id) => (outputId = (await pulledOutput(harness.engine, id, { username: "studio", password: "old" })).id));
    await waitFor(() => expect(outputRows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId("output-edit"));
    expect(input("rtmp_url").value).toBe("rtmp://a.rtmp.youtube.com/live2");
    type("stream_key", "new-key");
    type("output_username", "");
    type("output_password", "");
    fireEvent.click(screen.getByTestId("output-save"));
    await waitFor(() => expect(screen.queryByTestId("streaming-output-form")).toBeNull());
    expect(await queued(harness.engine, "updateStreamingOutput")).toEqual([{ id: outputId, stream_key: "new-key", username: "", password: "", now: expect.any(String) }]);
    expect(await harness.engine.db.view_streaming_outputs.get(outputId)).toMatchObject({ stream_key: "new-key", username: null, password: null });

    const toggle = within(outputRows()[0] as HTMLElement).getByTestId("output-activated") as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(async () => expect((await queued(harness.engine, "updateStreamingOutput"))[1]).toEqual({ id: outputId, activated: true, now: expect.any(String) }));
    await waitFor(() => expect(toggle.checked).toBe(true));

    const remove = screen.getByTestId("output-delete") as HTMLButtonElement;
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(outputRows()).toHaveLength(0));
    expect(await queued(harness.engine, "deleteStreamingOutput")).toEqual([{ id: outputId }]);
  });

  it("is read-only with the reason once the webcast has started streaming", async () => {
    const { panel } = await openOutputs(async (id) => {
      await pulledOutput(harness.engine, id);
      await harness.engine.db.view_webcasts.update(id, { state: "live" });
    });
    await waitFor(() => expect(outputRows()).toHaveLength(1));
    expect(within(panel).getByTestId("outputs-locked").textContent).toBe("Streaming outputs can only be changed before the webcast goes on air, while it is upcoming.");
    expect(within(panel).queryByTestId("output-add")).toBeNull();
    expect(within(panel).queryByTestId("output-edit")).toBeNull();
    expect(within(panel).queryByTestId("output-delete")).toBeNull();
    expect((within(panel).getByTestId("output-activated") as HTMLInputElement).disabled).toBe(true);
  });

  it("without allow_rtmp_output, offers only deletion", async () => {
    const { panel } = await openOutputs(async (id) => {
      await pulledOutput(harness.engine, id);
      await pulledOrganization(harness.engine, { features: { allow_rtmp_output: false } });
    });
    await within(panel).findByText(/RTMP outputs are not enabled for this organization/);
    expect(within(panel).queryByTestId("output-add")).toBeNull();
    expect(within(panel).queryByTestId("output-edit")).toBeNull();
    expect(within(panel).getByTestId("output-delete")).toBeTruthy();
  });

  it("is hidden without webcasts.update: the tab is not offered and its address opens the details", async () => {
    const id = await seedWebcast(harness.engine);
    session.user = profileUser(["sessions.view", "webcasts.view"], { id: harness.user.id });
    await renderApp(`/webcasts/${id}/edit?tab=streaming-outputs`);
    await screen.findByTestId("webcast-panel-details");
    expect(screen.queryByRole("tab", { name: "Streaming outputs" })).toBeNull();
    expect(screen.queryByTestId("webcast-panel-streaming-outputs")).toBeNull();
    expect(screen.getByRole("tab", { name: "Details" }).getAttribute("aria-selected")).toBe("true");
  });
});

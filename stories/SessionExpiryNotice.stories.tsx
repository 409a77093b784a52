import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent } from "storybook/test";
import { SessionExpiryNotice } from "@charity/ui";
import { componentDocs } from "./support/docs";

const meta = {
  title: "Admin/Shell/SessionExpiryNotice",
  component: SessionExpiryNotice,
  parameters: {
    docs: componentDocs({
      summary:
        "At the top of an admin screen from two minutes before its session ends.",
      usage: `<SessionExpiryNotice warning={{ kind: 'idle', minutesLeft: 2 }} onStaySignedIn={keepSession} />`,
      a11y: [
        "An alert: announced once when it appears, also to someone typing in a form.",
      ],
    }),
  },
  args: { warning: { kind: "idle", minutesLeft: 2 }, onStaySignedIn: fn() },
} satisfies Meta<typeof SessionExpiryNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Inactive for a while: 'Stay signed in' keeps the session. */
export const Idle: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "You have been inactive for a while: your session ends in 2 minutes."
    );
    await userEvent.click(
      canvas.getByRole("button", { name: "Stay signed in" })
    );
    await expect(args.onStaySignedIn).toHaveBeenCalledOnce();
  },
};

/** The sign-in's absolute end: nothing moves it, so no button; it says the form can be kept. */
export const AbsoluteEnd: Story = {
  args: { warning: { kind: "absolute", minutesLeft: 1 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "Your session ends in 1 minute and cannot be extended. Save your changes now; you can sign in again without leaving this page."
    );
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

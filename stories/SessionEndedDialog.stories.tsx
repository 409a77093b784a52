import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { SessionEndedDialog } from "@charity/ui";
import { componentDocs } from "./support/docs";

const meta = {
  title: "Admin/Sign-in/SessionEndedDialog",
  component: SessionEndedDialog,
  parameters: {
    docs: componentDocs({
      summary:
        "Over an admin screen whose session has ended: sign in again and carry on, the unsaved form kept underneath.",
      usage: `<SessionEndedDialog open username="asha" onSubmit={signIn} onLeave={goToLogin} busy={busy} error={error} />`,
      a11y: [
        'A modal dialog named "Your session has ended" with its explanation as its description; focus starts in Username.',
        "Only its own buttons end it: no close button, Escape and a click outside do nothing (the screen behind cannot save).",
      ],
    }),
  },
  args: { open: true, username: "asha", onSubmit: fn(), onLeave: fn() },
} satisfies Meta<typeof SessionEndedDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
async function dialog() {
  const found = await body.findByRole("dialog", {
    name: "Your session has ended",
  });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

/** The username of the ended session filled in; Escape does not close it; signing in sends the credentials. */
export const Ended: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await expect(body.getByRole("dialog")).toHaveAccessibleDescription(
      "Sign in again to carry on. What you were editing is still on this page; save it once you are signed in."
    );
    await expect(view.getByRole("textbox", { name: "Username" })).toHaveValue(
      "asha"
    );
    await expect(view.queryByRole("button", { name: "Close" })).toBeNull();
    await userEvent.keyboard("{Escape}");
    await expect(
      body.getByRole("dialog", { name: "Your session has ended" })
    ).toBeVisible();
    await userEvent.type(
      view.getByLabelText("Password", { selector: "input" }),
      "secret123"
    );
    await userEvent.click(view.getByRole("button", { name: "Sign In" }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      username: "asha",
      password: "secret123",
    });
  },
};

/** 'Sign In' busy while the call runs; leaving is disabled meanwhile. */
export const SigningIn: Story = {
  args: { busy: true },
  play: async () => {
    const view = await dialog();
    await expect(
      view.getByRole("button", { name: "Signing In..." })
    ).toBeDisabled();
    await expect(
      view.getByRole("button", { name: "Leave this page and sign in" })
    ).toBeDisabled();
  },
};

/** A wrong password: the login page's banner, in the dialog. */
export const WrongPassword: Story = {
  args: { error: "Invalid credentials" },
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole("alert")).toHaveTextContent(
      "Invalid credentials"
    );
  },
};

/** 'Leave this page and sign in' gives up the screen for /login. */
export const Leave: Story = {
  tags: ["!visual"],
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(
      view.getByRole("button", { name: "Leave this page and sign in" })
    );
    await expect(args.onLeave).toHaveBeenCalledOnce();
  },
};

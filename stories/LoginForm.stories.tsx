import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { LoginForm, type LoginCredentials, type LoginFormProps } from '@charity/ui';
import { componentDocs } from './support/docs';

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const field = {
  username: (c: Canvas) => c.getByRole('textbox', { name: 'Username' }),
  // A password input has no role; its label finds it.
  password: (c: Canvas) => c.getByLabelText('Password', { selector: 'input' }),
  submit: (c: Canvas) => c.getByRole('button', { name: /Sign In|Signing In\.\.\./ }),
};

/** As the login page uses it: busy while the call runs, then the banner on failure. */
function SiteLikeLogin(props: LoginFormProps & { failWith: string }) {
  const { failWith, onSubmit, ...rest } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <LoginForm
      {...rest}
      busy={busy}
      error={error}
      onSubmit={async (credentials: LoginCredentials) => {
        setBusy(true);
        setError(null);
        await onSubmit(credentials);
        await new Promise((resolve) => setTimeout(resolve, 50));
        setBusy(false);
        setError(failWith);
      }}
    />
  );
}

const meta = {
  title: 'Admin/Sign-in/LoginForm',
  component: LoginForm,
  args: { onSubmit: fn() },
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'The admin sign-in form with a show/hide password toggle and error messages.',
      usage: `<LoginForm onSubmit={async ({ username, password }) => signIn(username, password)} />`,
      a11y: [
        'Labelled inputs with `aria-required`; the password toggle is a button with `aria-pressed` and `aria-controls`.',
        'On a failed submit each error shows under its field and focus moves to the first invalid field; a server error is an alert.',
      ],
    }),
  },
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title, the two fields, 'Sign In', the note and the way back to the website. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(field.username(canvas)).toHaveValue('');
    await expect(field.password(canvas)).toHaveAttribute('type', 'password');
    await expect(field.submit(canvas)).toHaveTextContent('Sign In');
    await expect(field.submit(canvas)).toBeEnabled();
    await expect(canvas.getByText('Authorized personnel only')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Website' })).toHaveAttribute('href', '/');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Submitting nothing: both required messages, focus on Username, nothing sent. */
export const BothRequired: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(field.submit(canvas));
    await expect(await canvas.findByText('Username is required')).toBeVisible();
    await expect(canvas.getByText('Password is required')).toBeVisible();
    await expect(field.username(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(field.username(canvas)).toHaveAccessibleDescription('Username is required');
    await expect(field.password(canvas)).toHaveAccessibleDescription('Password is required');
    await expect(field.username(canvas)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const UsernameRequired: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(field.password(canvas), 'secret-pass');
    await userEvent.type(field.username(canvas), '   ');
    await userEvent.click(field.submit(canvas));
    await expect(await canvas.findByText('Username is required')).toBeVisible();
    await expect(canvas.queryByText('Password is required')).toBeNull();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const PasswordRequired: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(field.username(canvas), 'admin');
    await userEvent.click(field.submit(canvas));
    await expect(await canvas.findByText('Password is required')).toBeVisible();
    await expect(field.password(canvas)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const PasswordTooShort: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(field.username(canvas), 'admin');
    await userEvent.type(field.password(canvas), '12345');
    await userEvent.click(field.submit(canvas));
    await expect(await canvas.findByText('Password must be at least 6 characters')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A field's error clears as soon as that field is edited; the other's stays. */
export const ErrorClearsWhenEdited: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(field.submit(canvas));
    await canvas.findByText('Username is required');
    await userEvent.type(field.username(canvas), 'a');
    await waitFor(() => expect(canvas.queryByText('Username is required')).toBeNull());
    await expect(field.username(canvas)).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByText('Password is required')).toBeVisible();
    await userEvent.type(field.password(canvas), 'x');
    await waitFor(() => expect(canvas.queryByText('Password is required')).toBeNull());
  },
};

/** Valid credentials go out with the username trimmed and the password as typed. */
export const Submits: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(field.username(canvas), '  admin ');
    await userEvent.type(field.password(canvas), ' pass word ');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ username: 'admin', password: ' pass word ' });
  },
};

/** While signing in: 'Signing In...' on a disabled, busy button. */
export const Busy: Story = {
  args: { busy: true, initialValues: { username: 'admin', password: 'secret-pass' } },
  play: async ({ canvas, args }) => {
    const button = field.submit(canvas);
    await expect(button).toHaveTextContent('Signing In...');
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const FailureBanner: Story = {
  args: { error: 'Invalid credentials' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid credentials');
  },
};

export const LoginFailedBanner: Story = {
  args: { error: 'Login failed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Login failed');
  },
};

export const NetworkFailureBanner: Story = {
  args: { error: 'An error occurred during login. Please try again.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('An error occurred during login. Please try again.');
  },
};

/** The whole round trip as the page runs it: busy, then the banner, and focus back on the button. */
export const FailedAttempt: Story = {
  render: (args) => <SiteLikeLogin {...args} failWith="Too many failed sign-in attempts. Please try again in 15 minutes." />,
  play: async ({ canvas, args }) => {
    await userEvent.type(field.username(canvas), 'admin');
    await userEvent.type(field.password(canvas), 'wrong-pass');
    await userEvent.click(field.submit(canvas));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts. Please try again in 15 minutes.');
    await waitFor(() => expect(field.submit(canvas)).toHaveTextContent('Sign In'));
    await waitFor(() => expect(field.submit(canvas)).toHaveFocus());
  },
};

/** 'Show password' shows the typed password as text; the toggle's name and aria-pressed follow. */
export const PasswordShown: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(field.password(canvas), 'secret-pass');
    const show = canvas.getByRole('button', { name: 'Show password' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(show);
    await expect(field.password(canvas)).toHaveAttribute('type', 'text');
    await expect(field.password(canvas)).toHaveValue('secret-pass');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** 'Hide password' hides it again. */
export const PasswordShownThenHide: Story = {
  name: 'Password Shown → Hide',
  tags: ['!visual'], // Ends with the password hidden again, the form as typed: PasswordShown shows the password.
  play: async (context) => {
    await PasswordShown.play?.(context);
    await userEvent.click(context.canvas.getByRole('button', { name: 'Hide password' }));
    await expect(field.password(context.canvas)).toHaveAttribute('type', 'password');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  },
};

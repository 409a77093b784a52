import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_ADMIN } from "./playwright.config";
import { recordToasts, signInByApi } from "./support/session";

// A staff session that ends on an admin screen (issue 20 item 6, decision 037): the screen and its unsaved form stay,
// a sign-in dialog goes over them, and signing in again carries on; the session is checked when the tab comes back;
// its end is announced two minutes before. Real API, real sessions table; only the page's clock is moved.

const revoke = (request: APIRequestContext, token: string) =>
  request
    .post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } })
    .then((reply) => expect(reply.status()).toBe(200));

test("a session revoked while an event is being written: saving asks to sign in again, the form is kept and then saves", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Lantern-making evening ${Date.now()}`;
  const token = await signInByApi(page, request);
  await page.goto("/admin/events");
  await page.getByRole("button", { name: "Add Event" }).click();
  const form = page.getByRole("dialog", { name: "Add New Event" });
  await form.getByLabel(/Event Title/).fill(title);
  await form
    .getByLabel(/Description/)
    .fill("Paper lanterns with 40 children before Diwali.");

  await revoke(request, token); // signed out elsewhere: another device, a password change
  const toasts = await recordToasts(page);
  await form.getByRole("button", { name: "Create Event" }).click();

  const again = page.getByRole("dialog", { name: "Your session has ended" });
  await expect(again).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events$/); // no jump to /login
  await expect(again.getByRole("textbox", { name: "Username" })).toHaveValue(
    E2E_ADMIN.username
  );
  await page.keyboard.press("Escape"); // only its own buttons end it
  await expect(again).toBeVisible();
  await again.getByLabel("Password", { exact: true }).fill("not-the-password");
  await again.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(again.getByRole("alert")).toHaveText("Invalid credentials");
  await again.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await again.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(again).toBeHidden();

  // The form as it was, and it saves now.
  await expect(form.getByLabel(/Event Title/)).toHaveValue(title);
  await expect(form.getByLabel(/Description/)).toHaveValue(
    "Paper lanterns with 40 children before Diwali."
  );
  await form.getByRole("button", { name: "Create Event" }).click();
  await expect(
    page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: title }) })
  ).toBeVisible();
  await expect
    .poll(toasts)
    .toEqual(
      expect.arrayContaining([
        "Failed to create event",
        "Login successful!",
        "Event created successfully",
      ])
    );
});

test("coming back to the tab checks the session: a revoked one asks to sign in at once, before any save", async ({
  page,
  request,
}) => {
  await page.clock.install();
  const token = await signInByApi(page, request);
  await page.goto("/admin");
  await expect(
    page.getByRole("heading", { level: 1, name: "Dashboard" })
  ).toBeVisible();
  await revoke(request, token);
  await page.clock.fastForward(31_000); // checks are at most every 30 s
  await page.evaluate(() =>
    document.dispatchEvent(new Event("visibilitychange"))
  );
  await expect(
    page.getByRole("dialog", { name: "Your session has ended" })
  ).toBeVisible();
  // Leaving instead: the sign-in page, which returns here afterwards.
  await page
    .getByRole("button", { name: "Leave this page and sign in" })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('an idle session is announced two minutes before it ends, kept by "Stay signed in", and ended when left idle', async ({
  page,
  request,
}) => {
  await page.clock.install();
  const token = await signInByApi(page, request);
  await page.goto("/admin/events");
  await expect(
    page.getByRole("heading", { name: "Events Management" })
  ).toBeVisible();
  const notice = page
    .getByRole("alert")
    .filter({ hasText: "your session ends in" });
  await expect(notice).toHaveCount(0);

  // The server's idle timeout is 120 minutes; the browser counts one less (the server marks use once a minute).
  await page.clock.fastForward("01:57:30");
  await expect(notice).toHaveText(
    /You have been inactive for a while: your session ends in 2 minutes\./
  );
  await notice.getByRole("button", { name: "Stay signed in" }).click();
  await expect(notice).toHaveCount(0);

  await page.clock.fastForward("01:59:30");
  await expect(
    page.getByRole("dialog", { name: "Your session has ended" })
  ).toBeVisible();
  // Ended on the server too, not only forgotten by the page: the token no longer works.
  expect(
    await page.evaluate(() => localStorage.getItem("admin_token"))
  ).toBeNull();
  expect(
    (
      await request.get("/api/auth/verify", {
        headers: { authorization: `Bearer ${token}` },
      })
    ).status()
  ).toBe(401);
});

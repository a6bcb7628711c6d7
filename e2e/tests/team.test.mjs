import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  api,
  devSignIn,
  launchBrowser,
  screenshot,
  signUpWithCompany,
  startProduct,
  toast,
} from '../lib/harness.mjs';

/** Two people in a real browser: one creates a company and invites the other, who accepts. */
describe('companies, invitations and team management', () => {
  let product;
  let browser;

  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('invite, accept, role change and removal work end to end', async () => {
    const ann = await browser.page();
    await signUpWithCompany(ann, product, {
      email: 'ann@juniper.test',
      name: 'Ann Rivera',
      company: 'Juniper & Pine',
    });
    await screenshot(ann, 'team-01-dashboard-after-company');

    await ann.goto(`${product.url}/team`);
    await ann.getByRole('button', { name: 'Invite User' }).click();
    const dialog = ann.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await toast(ann, 'Email required', 'Please enter an email address');
    await dialog.getByLabel('Email').fill('bob@juniper.test');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await toast(ann, 'Invitation sent');
    const members = ann.getByRole('table', { name: 'Team members' });
    await members.getByText('bob@juniper.test').waitFor();
    await screenshot(ann, 'team-02-invited');

    const outbox = await api(ann, 'GET', '/api/team/outbox');
    assert.equal(outbox.status, 200);
    const link = outbox.body[0].link;
    assert.match(link, /\/accept-invite\?token=/);

    // Bob opens the emailed link in his own browser, signs in, and lands in the company.
    const bob = await browser.page();
    await bob.goto(link.replace(/^https?:\/\/[^/]+/, product.url));
    await bob.getByRole('form', { name: 'Developer sign-in' }).waitFor();
    await screenshot(bob, 'team-03-invite-sign-in');
    await devSignIn(bob, product, { email: 'bob@juniper.test', name: 'Bob Chen', stay: true });
    await bob
      .getByText(/Juniper & Pine/)
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(bob, 'team-04-accepted');
    await bob.waitForURL((u) => u.pathname === '/' || u.pathname === '/dashboard', { timeout: 30_000 });
    const me = await api(bob, 'GET', '/api/auth/me');
    assert.equal(me.body.company.role, 'COMPANY_USER');

    // A COMPANY_USER cannot do admin things, even by calling the API.
    const denied = await api(bob, 'POST', '/api/team/invite', { email: 'eve@juniper.test' });
    assert.equal(denied.status, 403);
    const deniedSettings = await api(bob, 'PUT', '/api/company-settings', {
      newOrderDays: 9,
      processingDays: 1,
      preTransitDays: 2,
      inTransitDays: 8,
    });
    assert.equal(deniedSettings.status, 403);

    // Ann sees Bob ACTIVE, promotes him, then removes him.
    await ann.reload();
    const bobRow = ann.getByRole('row').filter({ hasText: 'bob@juniper.test' });
    await bobRow.getByText('Active').waitFor();
    await bobRow.getByRole('combobox').click();
    await ann.getByRole('option', { name: /Admin/ }).click();
    await toast(ann, 'Role updated');
    assert.equal((await api(bob, 'GET', '/api/auth/me')).body.company.role, 'COMPANY_ADMIN');
    await screenshot(ann, 'team-05-role-updated');

    await bobRow.getByRole('button', { name: /Remove/ }).click();
    await ann
      .getByRole('dialog')
      .getByRole('button', { name: /Remove/ })
      .click();
    await toast(ann, 'Member removed');
    await ann.getByRole('row').filter({ hasText: 'bob@juniper.test' }).waitFor({ state: 'detached' });
    assert.equal((await api(bob, 'GET', '/api/auth/me')).body.company, null);
    await screenshot(ann, 'team-06-removed');

    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'ann@juniper.test' });
    await phone.goto(`${product.url}/team`);
    await phone.getByRole('list', { name: 'Team members' }).waitFor();
    await screenshot(phone, 'team-07-phone');

    // Sign out from the sidebar ends Ann's session: "Signed out", the sign-in screen at /, and her
    // cookie no longer answers for her.
    const [loggedOut] = await Promise.all([
      ann.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/logout', { timeout: 30_000 }),
      ann.getByRole('button', { name: 'Sign out' }).click(),
    ]);
    assert.ok(loggedOut.ok(), `POST /api/auth/logout answered ${loggedOut.status()}`);
    await toast(ann, 'Signed out');
    await ann.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
    await ann.getByRole('form', { name: 'Developer sign-in' }).waitFor();
    assert.equal((await api(ann, 'GET', '/api/auth/me')).status, 401);
    assert.deepEqual(browser.errors, []);
  });
});

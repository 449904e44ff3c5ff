import { expect, test } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import { ADMIN_PASSWORD, adminJourneys, tab, toast } from './support/admin'
import { expectAccessible, shoot, waitForHydration } from './support/browser'

const { url, withPage } = adminJourneys()
const NEW_PASSWORD = 'lantern orchard velvet compass'
const PERIOD_MS = 30_000

test('two-factor on from the admin, a sign-in with password and code, a password change that signs the other browser out, all in the activity log', () =>
  withPage(
    async ({ page }) => {
      // A second browser, signed in before any of this.
      const other = await page.context().browser()!.newContext()
      const otherLogin = await other.request.post(`${url()}/api/admin/login`, {
        data: { password: ADMIN_PASSWORD },
        headers: { origin: url() },
      })
      expect(otherLogin.status()).toBe(200)

      await page.goto(`${url()}/admin/login`)
      await waitForHydration(page)
      await page.getByLabel('Admin Password').fill(ADMIN_PASSWORD)
      await page.getByRole('button', { name: 'Login' }).click()
      await page.waitForURL(`${url()}/admin/blog`)
      await page.locator('.admin-table').waitFor()

      // Set up: the QR code and the secret in text, confirmed with a code computed from that secret.
      await tab(page, 'Security').click()
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
      await page.getByRole('img', { name: 'QR code of the authenticator secret' }).waitFor()
      await shoot(page, 'security-two-factor-setup')
      const secret = (await page.getByTestId('two-factor-secret').textContent())!.replaceAll(' ', '')
      const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
      await expectAccessible(page)
      await page.getByLabel('Authentication code').fill(totp.generate())
      await page.getByRole('button', { name: 'Turn on' }).click()
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
      await codes.first().waitFor()
      expect(await codes.count()).toBe(10)
      const recoveryCode = (await codes.first().textContent())!.trim()
      await expectAccessible(page)
      await shoot(page, 'security-recovery-codes')
      await page.getByRole('button', { name: 'I have saved them' }).click()
      await page.getByText('On: signing in needs your password and a code').waitFor()

      // Out, and back in: the password alone is not enough, the login page asks for the code.
      await page.getByRole('button', { name: 'Log out' }).click()
      await page.waitForURL(`${url()}/admin/login`)
      await waitForHydration(page)
      await page.getByLabel('Admin Password').fill(ADMIN_PASSWORD)
      await page.getByRole('button', { name: 'Login' }).click()
      const codeField = page.getByLabel('Authentication code')
      // Focus is moved in an effect after the field is drawn, so it is awaited, not read once.
      await codeField.and(page.locator(':focus')).waitFor()
      await expectAccessible(page)
      await shoot(page, 'login-asks-for-code')
      // The code used to turn it on is spent: the authenticator's next one is accepted.
      await codeField.fill(totp.generate({ timestamp: Date.now() + PERIOD_MS }))
      await page.getByRole('button', { name: 'Login' }).click()
      await toast(page, 'You are now logged in as admin')
      await page.waitForURL(`${url()}/admin/blog`)
      await page.locator('.admin-table').waitFor()

      // A new password, confirmed with the current one and a recovery code: the other browser is signed out.
      await tab(page, 'Security').click()
      const passwordForm = page.getByRole('region', { name: 'Password', exact: true })
      await passwordForm.getByLabel('Current password').fill(ADMIN_PASSWORD)
      await passwordForm.getByLabel('Authentication code').fill(recoveryCode)
      await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
      await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD)
      await passwordForm.getByRole('button', { name: 'Change password' }).click()
      // The other browser's session, and the one the test harness uses for its API calls.
      await toast(page, 'Password changed. 2 other sessions were signed out.')
      expect((await other.request.get(`${url()}/api/admin/check`)).status()).toBe(401)
      const otherPage = await other.newPage()
      await otherPage.goto(`${url()}/admin/blog`)
      await otherPage.waitForURL(`${url()}/admin/login`)
      await other.close()

      // The sessions list has only this one; the activity log tells the story, newest first.
      const sessions = page.locator('table').filter({ hasText: 'Last active' })
      await sessions.getByText('This session').waitFor()
      // The list is read again after the change's toast, so the other rows are awaited going.
      await sessions.locator('tbody tr').nth(1).waitFor({ state: 'detached' })
      expect(await sessions.locator('tbody tr').count()).toBe(1)
      const activity = page.locator('.audit-table')
      await activity.getByText('Password changed').waitFor()
      const events = await activity.locator('tbody tr td:nth-child(3)').allTextContents()
      expect(events.slice(0, 6)).toEqual([
        'Password changed',
        'Recovery code used',
        'Signed in',
        'Signed out',
        'Two-factor sign-in turned on',
        'Signed in',
      ])
      await expectAccessible(page)
      await shoot(page, 'security-tab')
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await shoot(page, 'security-tab-375')
      await page.getByLabel('Show').selectOption('content')
      await page.getByText('Nothing recorded yet.').waitFor()

      // Turning it off asks for proof; the keyboard goes to the form, and to the field a refusal is about.
      await page.setViewportSize({ width: 1280, height: 900 })
      const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' })
      await twoFactor.getByText('9 recovery codes are left.').waitFor()
      await twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
      const passwordFocused = () => page.locator('#two-factor-off-password:focus').waitFor()
      await passwordFocused()
      await twoFactor.getByLabel('Current password').fill('not the password at all')
      await twoFactor.getByLabel('Authentication code').fill(totp.generate())
      await twoFactor.getByRole('button', { name: 'Turn off', exact: true }).click()
      await twoFactor.getByText('The current password is not correct.').waitFor()
      await passwordFocused()
      await expectAccessible(page)
    },
    // The login's 401 that asks for the code is logged by the browser.
    { allowed: /status of 401/ },
  ))

import { describe, expect, test } from 'bun:test'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { mailtoHref } from '../../../shared/application-rules'
import type { ApplicationRecord } from '../../../shared/application-schema'
import { adminQueries } from './admin-queries'
import { ApplicationsPanel } from './applications-panel'

describe("the admin's reply link", () => {
  test('encodes the address, so a stored one cannot hide recipients or headers', () => {
    expect(mailtoHref('ada@example.com')).toBe('mailto:ada@example.com')
    expect(mailtoHref("o'brien+jobs@example.com")).toBe("mailto:o'brien%2Bjobs@example.com")
    expect(mailtoHref('x?y#z&w@example.com')).toBe('mailto:x%3Fy%23z%26w@example.com')
    // Stored before the rule: the query becomes part of the (unknown) host name, not headers.
    const old = mailtoHref('ann@example.com?bcc=spy%40evil.io&subject=Re')
    expect(old).toBe('mailto:ann@example.com%3Fbcc%3Dspy%2540evil.io%26subject%3DRe')
    expect(new URL(old).search).toBe('')
  })

  test('the applications panel links with it', () => {
    const email = 'ann@example.com?bcc=spy%40evil.io&subject=Re'
    const record: ApplicationRecord = {
      id: 1,
      createdAt: new Date(0).toISOString(),
      jobId: 1,
      jobTitle: 'Engineer',
      fullName: 'Ann',
      email,
      phone: '',
      location: '',
      portfolioUrl: '',
      linkedinUrl: '',
      githubUrl: '',
      experience: '',
      availability: '',
      coverLetter: 'Hello',
      resumeText: 'CV',
    }
    const queryClient = new QueryClient()
    queryClient.setQueryData(adminQueries.applications().queryKey, [record])
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <ApplicationsPanel />
      </QueryClientProvider>,
    )
    expect(html).toContain(`href="${mailtoHref(email).replaceAll('&', '&amp;')}"`)
    expect(html).not.toContain('href="mailto:ann@example.com?')
  })
})

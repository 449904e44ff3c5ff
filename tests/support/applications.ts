import type { TestApp } from './test-app'

let sent = 0

/**
 * An application sent as a visitor's browser sends it (JSON, with the site's origin), each from an address
 * of its own so the per-client limit never refuses a test's next one; its id.
 */
export async function applyAs(
  app: Pick<TestApp, 'request'>,
  jobId: number,
  fullName: string,
  email = `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
): Promise<number> {
  sent++
  const res = await app.request('/api/job-applications', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost',
      'x-forwarded-for': `10.9.${Math.floor(sent / 250)}.${(sent % 250) + 1}`,
    },
    body: JSON.stringify({ jobId, fullName, email, coverLetter: 'Hi.', resumeText: 'CV.' }),
  })
  if (res.status !== 201) throw new Error(`application refused: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { id: number }).id
}

/** A refusal as a client reads it: the status and the message. */
export const errorOf = async (res: Response) => [res.status, ((await res.json()) as { error: string }).error]

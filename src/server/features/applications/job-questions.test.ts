import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { tinyPdf } from '../../../../tests/support/documents'
import { jobInput } from '../../../../tests/support/jobs'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { ApplicationDetail } from '../../../shared/application-pipeline'
import type { AdminJob, Job } from '../../../shared/jobs'

let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeEach(async () => {
  t = await createTestApp()
  admin = adminClient(t)
  await admin.login()
})
afterEach(() => t.close())

const QUESTIONS = [
  { label: 'Which engine do you know best?', kind: 'choice', options: ['Unity', 'Unreal', ' Godot '], required: true },
  { label: 'Can you work from Austin?', kind: 'yes-no', required: true },
  { label: 'Anything else?', kind: 'long', required: false },
]

async function createJob(questions: unknown = QUESTIONS): Promise<AdminJob> {
  const res = await admin.request('POST', '/api/admin/jobs', jobInput({ questions }))
  expect(res.status).toBe(201)
  return (await res.json()) as AdminJob
}

const apply = (jobId: number, answers?: unknown) =>
  t.request('/api/job-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify({
      jobId,
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      coverLetter: 'Hi.',
      resumeText: 'CV.',
      ...(answers === undefined ? {} : { answers }),
    }),
  })

describe("a job's own questions", () => {
  test('are stored with ids, shown to the public, kept by a save that leaves them out, and keep their ids when edited', async () => {
    const job = await createJob()
    expect(job.questions.map(({ label, kind, options, required }) => ({ label, kind, options, required }))).toEqual([
      {
        label: 'Which engine do you know best?',
        kind: 'choice',
        options: ['Unity', 'Unreal', 'Godot'],
        required: true,
      },
      { label: 'Can you work from Austin?', kind: 'yes-no', options: [], required: true },
      { label: 'Anything else?', kind: 'long', options: [], required: false },
    ])
    const ids = job.questions.map((question) => question.id)
    expect(new Set(ids).size).toBe(3)
    const shown = (await (await t.request(`/api/jobs/${job.slug}`)).json()) as Job
    expect(shown.questions).toEqual(job.questions)

    const kept = (await (await admin.request('PUT', `/api/admin/jobs/${job.id}`, jobInput())).json()) as AdminJob
    expect(kept.questions).toEqual(job.questions)
    const edited = [{ ...job.questions[1]!, label: 'Can you work from Austin, TX?' }, job.questions[0]!]
    const saved = (await (
      await admin.request('PUT', `/api/admin/jobs/${job.id}`, jobInput({ questions: edited }))
    ).json()) as AdminJob
    expect(saved.questions.map((question) => [question.id, question.label])).toEqual([
      [ids[1]!, 'Can you work from Austin, TX?'],
      [ids[0]!, 'Which engine do you know best?'],
    ])
  })

  test.each([
    [[{ label: '  ', kind: 'short', required: true }], 'Question 1 needs its text'],
    [
      [{ label: 'Pick', kind: 'choice', options: ['A', ' A', ''], required: false }],
      'Question 1 (one choice) needs at least two different options',
    ],
    [[{ label: 'Pick', kind: 'essay', required: false }], 'Questions must be short, long, yes-no or choice'],
    [Array.from({ length: 11 }, () => ({ label: 'Q', kind: 'short', required: false })), 'Questions: at most 10 items'],
  ])('a question that will not do is refused: %#', async (questions, error) => {
    const res = await admin.request('POST', '/api/admin/jobs', jobInput({ questions }))
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, error])
  })
})

describe('answers', () => {
  test('arrive by question id, are stored with their question, and show in the candidate page and the CSV', async () => {
    const job = await createJob()
    const [engine, austin, more] = job.questions.map((question) => question.id)
    const res = await apply(job.id, { [engine!]: 'Godot', [austin!]: false, [more!]: '  ' })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: number }
    const detail = (await (await admin.request('GET', `/api/admin/applications/${id}`)).json()) as ApplicationDetail
    expect(detail.answers).toEqual([
      { questionId: engine!, question: 'Which engine do you know best?', answer: 'Godot' },
      { questionId: austin!, question: 'Can you work from Austin?', answer: false },
    ])
    const csv = await (await admin.request('GET', '/api/admin/applications.csv')).text()
    expect(csv).toContain('"Which engine do you know best?: Godot\nCan you work from Austin?: No"')
  })

  test.each([
    [{}, 'Which engine do you know best? is required'],
    [{ engine: 'CryEngine', austin: true }, 'Which engine do you know best? must be Unity, Unreal or Godot'],
    [{ engine: 'Unity', austin: 'maybe' }, 'Can you work from Austin? must be yes or no'],
    [{ engine: 'Unity', austin: true, more: 'Bell\u0007' }, 'Anything else? must not contain control characters'],
    [{ engine: 'Unity', austin: true, [`x${'y'.repeat(60)}`]: 'Hi' }, 'Unknown field: answers'],
    [{ engine: 'Unity', austin: true, more: 'x'.repeat(2001) }, 'Anything else? is too long (at most 2000 characters)'],
    [{ engine: 'Unity', austin: true, stray: 'Hello' }, 'Unknown field: answers.stray'],
  ])('answers that will not do are refused and nothing is stored: %#', async (given, error) => {
    const job = await createJob()
    const idOf = Object.fromEntries(['engine', 'austin', 'more'].map((name, index) => [name, job.questions[index]!.id]))
    const answers = Object.fromEntries(Object.entries(given).map(([name, value]) => [idOf[name] ?? name, value]))
    const res = await apply(job.id, answers)
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, error])
    expect(await (await admin.request('GET', '/api/admin/applications')).json()).toEqual([])
  })

  test('as multipart with a résumé file, each answer is an answer-{id} field (a yes/no as yes or no)', async () => {
    const job = await createJob()
    const [engine, austin, more] = job.questions.map((question) => question.id)
    const form = new FormData()
    for (const [name, value] of Object.entries({
      jobId: String(job.id),
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      coverLetter: 'Hi.',
      [`answer-${engine}`]: 'Unity',
      [`answer-${austin}`]: 'yes',
      [`answer-${more}`]: 'Line one.\nLine two.',
    }))
      form.append(name, value)
    form.append('resume', new File([tinyPdf()], 'cv.pdf', { type: 'application/pdf' }))
    const res = await t.request('/api/job-applications', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
      body: form,
    })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: number }
    const detail = (await (await admin.request('GET', `/api/admin/applications/${id}`)).json()) as ApplicationDetail
    expect(detail.answers.map((answer) => answer.answer)).toEqual(['Unity', true, 'Line one.\nLine two.'])
    expect(detail.resume?.fileName).toBe('cv.pdf')
  })

  test('without JavaScript they arrive as answer-{id} fields (yes or no), and a missing one is listed at the form', async () => {
    const job = await createJob()
    const [engine, austin] = job.questions.map((question) => question.id)
    const post = (answers: Record<string, string>) =>
      t.request(`/jobs/${job.slug}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          fullName: 'Bob',
          email: 'bob@example.com',
          coverLetter: 'Hello',
          resumeText: 'CV',
          ...answers,
        }).toString(),
      })
    const refused = await post({ [`answer-${engine}`]: 'Unreal' })
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain(`<a href="#apply-answer-${austin}">Can you work from Austin? is required</a>`)
    // The choice made is kept.
    expect(html).toMatch(/value="Unreal"[^>]*checked|checked[^>]*value="Unreal"/)

    const sent = await post({ [`answer-${engine}`]: 'Unreal', [`answer-${austin}`]: 'yes' })
    expect(sent.status).toBe(303)
    const [application] = (await (await admin.request('GET', '/api/admin/applications')).json()) as ApplicationDetail[]
    expect(application!.answers.map((answer) => answer.answer)).toEqual(['Unreal', true])
  })
})

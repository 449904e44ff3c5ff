import { expect, test } from 'bun:test'
import { applicationProblems } from './application-problems'
import { APPLICATION_MESSAGES } from './application-rules'

const complete = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  coverLetter: 'Engines.',
  resumeText: 'Notes.',
}

test('a complete application has no problem', () => {
  expect(applicationProblems(complete)).toEqual([])
  expect(applicationProblems({ ...complete, resumeText: '' }, { chosen: true, problem: null })).toEqual([])
})

test('every problem is listed once, in the form’s order, in the words the API uses', () => {
  expect(
    applicationProblems(
      { fullName: 'x'.repeat(51), email: 'ada@gmail', portfolioUrl: 'ftp://files', coverLetter: '  ', resumeText: '' },
      { chosen: false, problem: null },
    ),
  ).toEqual([
    { field: 'fullName', kind: 'tooLong', message: 'Full name is too long (at most 50 characters)' },
    { field: 'email', kind: 'rule', message: 'Email must be a valid email address' },
    { field: 'portfolioUrl', kind: 'rule', message: 'Portfolio URL must start with http:// or https://' },
    { field: 'coverLetter', kind: 'missing', message: 'Cover letter is required' },
    { field: 'resumeText', kind: 'missing', message: APPLICATION_MESSAGES.resumeRequired },
  ])
})

test('a résumé file that will not do is a problem of its own field; a chosen file stands in for the text', () => {
  expect(applicationProblems({ ...complete, resumeText: '' }, { chosen: true, problem: 'Too large.' })).toEqual([
    { field: 'resumeFile', kind: 'file', message: 'Too large.' },
  ])
})

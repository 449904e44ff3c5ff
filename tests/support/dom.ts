import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'bun:test'
import { GlobalRegistrator } from '@happy-dom/global-registrator'

/**
 * Registers happy-dom's window for the component tests of one file and removes it afterwards, so the
 * API tests in the same `bun test` run keep Bun's own fetch, Request and Response. As in the browser
 * journeys, a `console.error` (React's warnings among them) fails the test that caused it.
 */
export function installDom() {
  let errors: string[] = []
  const originalError = console.error

  beforeAll(() => {
    GlobalRegistrator.register({ url: 'http://localhost/' })
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  })
  beforeEach(() => {
    errors = []
    console.error = (...args: unknown[]) => {
      // happy-dom's own notice, with its stack, that it does not load frames or files (a real browser would):
      // not the app's, and not worth a page of the test output.
      if (args.length === 1 && /loading is disabled/.test(String(args[0]))) return
      originalError(...args)
      errors.push(args.map(String).join(' '))
    }
  })
  afterEach(() => {
    console.error = originalError
    expect(errors).toEqual([])
  })
  afterAll(async () => {
    await GlobalRegistrator.unregister()
  })
}

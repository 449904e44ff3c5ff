import { afterAll, beforeAll } from 'bun:test'
import { GlobalRegistrator } from '@happy-dom/global-registrator'

/**
 * Registers happy-dom's window for the component tests of one file and removes it afterwards, so the
 * API tests in the same `bun test` run keep Bun's own fetch, Request and Response.
 */
export function installDom() {
  beforeAll(() => {
    GlobalRegistrator.register({ url: 'http://localhost/' })
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  })
  afterAll(async () => {
    await GlobalRegistrator.unregister()
  })
}

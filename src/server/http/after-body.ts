/**
 * A request is authorised when it arrives, but its body may take its time: a staff session ended meanwhile
 * (signed out everywhere, a reset, a suspension) must not then act on what the body says. The session plugin
 * says how to ask again (`recheckAfterBody`); `readBodyBytes`, the one reader of bodies, asks once the whole
 * body is in, and a refusal is answered 401 (error-answers.ts).
 */
const rechecks = new WeakMap<Request, () => Promise<boolean>>()

export const recheckAfterBody = (request: Request, stillAllowed: () => Promise<boolean>) => {
  rechecks.set(request, stillAllowed)
}

/**
 * The staff session a request came with has ended since it arrived (while its body was on its way, or before
 * a write that checks it: auth/sessions.ts `requireOpenSession`). Answered 401; a write that throws it leaves
 * nothing written.
 */
export class SessionEnded extends Error {
  constructor() {
    super('the session this request came with has ended')
  }
}

export async function checkAfterBody(request: Request): Promise<void> {
  const stillAllowed = rechecks.get(request)
  if (stillAllowed && !(await stillAllowed())) throw new SessionEnded()
}

/**
 * A request is authorised when it arrives, but its body may take its time: a staff session ended meanwhile
 * (signed out everywhere, a reset, a suspension), or a role lowered meanwhile, must not then act on what the
 * body says. The session plugin says how to ask again (`recheckAfterBody`); `readBodyBytes`, the one reader of
 * bodies, asks once the whole body is in, and a refusal is answered as at arrival (error-answers.ts).
 */
const rechecks = new WeakMap<Request, () => Promise<NoLongerAllowed | null>>()

export const recheckAfterBody = (request: Request, refusal: () => Promise<NoLongerAllowed | null>) => {
  rechecks.set(request, refusal)
}

/**
 * A staff request authorised when it arrived may no longer act: its session has ended (401) or its person's
 * role no longer allows it (403), found once its body was in or in a write that checks (auth/sessions.ts
 * `requireOpenSession`; a write that throws it leaves nothing written).
 */
export class NoLongerAllowed extends Error {
  constructor(readonly status: 401 | 403) {
    super(status === 401 ? 'the session this request came with has ended' : 'the role no longer allows this request')
  }
}

export async function checkAfterBody(request: Request): Promise<void> {
  const refusal = await rechecks.get(request)?.()
  if (refusal) throw refusal
}

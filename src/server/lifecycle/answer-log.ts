import { Elysia } from 'elysia'
import type { createAnswerLog } from '../observability/answer-log'
import { pageRoute } from '../render/page-route'
import type { RequestContext } from './request-context'

/** Every answer the framework gave, timed from its request context, for the metrics and the request log. */
export const answerLog = (context: RequestContext, answered: ReturnType<typeof createAnswerLog>) =>
  new Elysia({ name: 'answer-log' }).use(context).onAfterResponse({ as: 'global' }, (ctx) => {
    // Answered on arrival (a 413, a bad Host): before the request was timed.
    if (!('startedAt' in ctx)) return
    const response = 'responseValue' in ctx ? ctx.responseValue : undefined
    const status = response instanceof Response ? response.status : (ctx.set.status ?? 200)
    // The catch-all route is every page: it is labelled with the page's own route pattern.
    const route = ctx.route === '/*' ? pageRoute(ctx.path) : ctx.route
    answered(ctx.request, route, ctx.path, status, performance.now() - ctx.startedAt, ctx.requestId)
  })

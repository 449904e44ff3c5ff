import { afterAll, afterEach, expect, spyOn, test } from 'bun:test'
import { QueryClient, QueryClientProvider, QueryObserver, queryOptions } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { useLoadedQuery } from './use-loaded-query'

const greeting = (queryFn: () => Promise<string>) => queryOptions({ queryKey: ['greeting'], queryFn })

function Greeting({ queryFn }: { queryFn: () => Promise<string> }) {
  const { data } = useLoadedQuery(greeting(queryFn))
  return <p>{data}</p>
}

const rendered = (client: QueryClient, queryFn: () => Promise<string>) =>
  renderToString(
    <QueryClientProvider client={client}>
      <Greeting queryFn={queryFn} />
    </QueryClientProvider>,
  )

const observed = spyOn(QueryObserver.prototype, 'getOptimisticResult')
afterEach(() => observed.mockClear())
afterAll(() => observed.mockRestore())

test('on the server, data the loader put in the cache is rendered without a query observer', async () => {
  const client = new QueryClient()
  await client.ensureQueryData(greeting(async () => 'Hello'))
  let asked = 0
  expect(
    rendered(client, async () => {
      asked++
      return 'again'
    }),
  ).toBe('<p>Hello</p>')
  expect(asked).toBe(0)
  expect(observed).not.toHaveBeenCalled()
})

test('on the server, data not in the cache is asked for and suspends, as useSuspenseQuery does', () => {
  const client = new QueryClient()
  let asked = 0
  expect(() =>
    rendered(client, () => {
      asked++
      return new Promise(() => {})
    }),
  ).toThrow()
  expect(asked).toBe(1)
  expect(observed).toHaveBeenCalled()
})

test('on the server, a failed load is thrown to the error boundary, as useSuspenseQuery does', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await client.prefetchQuery(greeting(async () => Promise.reject(new Error('The database is away'))))
  expect(client.getQueryState(['greeting'])?.status).toBe('error')
  expect(() => rendered(client, async () => Promise.reject(new Error('The database is away')))).toThrow(
    'The database is away',
  )
})

const counted = queryOptions({ queryKey: ['count'], queryFn: async () => 3, select: (n: number) => `${n} posts` })

function Count() {
  const { data } = useLoadedQuery(counted)
  return <p>{data}</p>
}

test("on the server, a query's select shapes the cached data, as useSuspenseQuery's does", async () => {
  const client = new QueryClient()
  await client.ensureQueryData(counted)
  const html = renderToString(
    <QueryClientProvider client={client}>
      <Count />
    </QueryClientProvider>,
  )
  expect(html).toBe('<p>3 posts</p>')
  expect(observed).not.toHaveBeenCalled()
})

test('on the server, a query that failed after loading keeps its earlier data, as useSuspenseQuery does', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await client.ensureQueryData(greeting(async () => 'Hello'))
  await client.fetchQuery({ ...greeting(async () => Promise.reject(new Error('away'))), staleTime: 0 }).catch(() => {})
  expect(client.getQueryState(['greeting'])).toMatchObject({ status: 'error', data: 'Hello' })
  expect(rendered(client, async () => 'again')).toBe('<p>Hello</p>')
})

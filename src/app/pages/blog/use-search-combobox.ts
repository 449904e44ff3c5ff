import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  normalizeSearchQuery,
  type PostSummary,
  SEARCH_DEBOUNCE_MS,
  SEARCH_SUGGESTION_LIMIT,
  SUGGESTION_BLUR_DELAY_MS,
} from '../../../shared/blog'
import { blogSearchPath, postPath } from '../../../shared/paths'
import { scrollToTopSoon } from '../../components/blog/post-links'
import { type AppData, useAppData } from '../../data/app-data'
import { postQueries } from '../../data/post-queries'
import { useDebouncedValue } from '../../hooks/use-debounced-value'

/** A suggested post, or (post null) the last option: all results for what was typed. */
export interface SearchOption {
  id: string
  post: PostSummary | null
}

/**
 * The suggestions for what was typed, the previous ones staying while the next load. None on the server:
 * the list opens only on focus or typing, so a server render neither asks for them nor makes a query
 * observer for them (a twentieth of a search page's render). Asked per render, as SiteLink does: tests
 * bring a DOM and take it away within one process. Hydration keeps no hook state from the server, so the
 * browser's extra hook is its own.
 */
function useSuggestions(data: AppData, debounced: string) {
  if (typeof document === 'undefined') return undefined
  // biome-ignore lint/correctness/useHookAtTopLevel: one branch per environment, never both in one component's life
  return useQuery({
    ...postQueries.search(data, debounced, SEARCH_SUGGESTION_LIMIT),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
  }).data
}

/**
 * The state of the search combobox: what is typed, the suggestions for it (debounced; the previous ones
 * stay while the next load), the active option, and the keys of the WAI-ARIA combobox pattern.
 */
export function useSearchCombobox(query: string, listId: string) {
  const data = useAppData()
  const navigate = useNavigate()
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [value, setValue] = useState(query)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  useEffect(() => {
    setValue(query)
  }, [query])
  useEffect(() => () => clearTimeout(blurTimer.current), [])

  const typed = normalizeSearchQuery(value)
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS)
  const suggestions = useSuggestions(data, debounced)
  const showList = open && typed.length > 0 && debounced.length > 0 && suggestions !== undefined
  const options: SearchOption[] = showList
    ? [
        ...(suggestions?.posts ?? []).map((post) => ({ id: `${listId}-${post.id}`, post })),
        { id: `${listId}-all`, post: null },
      ]
    : []

  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const choose = (index: number) => {
    const option = options[index]
    if (!option) return
    close()
    if (option.post) {
      navigate(postPath(option.post.slug))
      scrollToTopSoon()
    } else {
      navigate(blogSearchPath(typed))
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) setOpen(true)
      if (options.length === 0) return
      const last = options.length - 1
      setActive((current) =>
        event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      )
    } else if (event.key === 'Enter' && active >= 0 && options[active]) {
      event.preventDefault()
      choose(active)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      close()
    }
  }

  return {
    typed,
    showList,
    options,
    active,
    close,
    choose,
    /** Props of the combobox input. */
    input: {
      value,
      'aria-activedescendant': options[active]?.id,
      onChange: (event: { target: { value: string } }) => {
        setValue(event.target.value)
        setOpen(true)
        setActive(-1)
      },
      onFocus: () => {
        clearTimeout(blurTimer.current)
        setOpen(true)
      },
      onBlur: () => {
        blurTimer.current = setTimeout(close, SUGGESTION_BLUR_DELAY_MS)
      },
      onKeyDown,
    },
  }
}

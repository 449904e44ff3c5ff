import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Form, useNavigate } from 'react-router'
import {
  normalizeSearchQuery,
  SEARCH_DEBOUNCE_MS,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SUGGESTION_LIMIT,
  SUGGESTION_BLUR_DELAY_MS,
} from '../../../shared/blog'
import { isNewPost } from '../../../shared/dates'
import { blogSearchPath, PAGES, postPath } from '../../../shared/paths'
import { useAppData } from '../../data/app-data'
import { postQueries } from '../../data/post-queries'
import { useDebouncedValue } from '../../hooks/use-debounced-value'
import { useRequestInfo } from '../../request-info'
import { scrollToTopSoon } from './post-links'

/**
 * A GET form (works without JavaScript) that becomes an ARIA combobox: up to five suggestions while
 * typing, arrow keys to move, Enter to open one or to search, Escape or leaving the field to close.
 */
export function BlogSearch({ query }: { query: string }) {
  const data = useAppData()
  const { now } = useRequestInfo()
  const navigate = useNavigate()
  const listId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
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
  const { data: suggestions } = useQuery({
    ...postQueries.search(data, debounced, SEARCH_SUGGESTION_LIMIT),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
  })
  // The list opens once there are suggestions to show for something typed (the previous ones stay while the next load).
  const showList = open && typed.length > 0 && debounced.length > 0 && suggestions !== undefined
  const options = showList
    ? [
        ...(suggestions ?? []).map((post) => ({ id: `${listId}-${post.id}`, post })),
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

  return (
    <Form
      method="get"
      action={PAGES.blog}
      role="search"
      className="blog-search"
      onSubmit={(event) => {
        close()
        if (!typed) {
          event.preventDefault()
          navigate(PAGES.blog)
        }
      }}
    >
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Search posts
      </label>
      <div className="blog-search__field">
        <svg
          className="blog-search__icon"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          id={`${listId}-input`}
          name="q"
          type="search"
          className="blog-search__input"
          placeholder="Search posts…"
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={`${listId}-list`}
          aria-activedescendant={active >= 0 && options[active] ? options[active].id : undefined}
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            setOpen(true)
            setActive(-1)
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current)
            setOpen(true)
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(close, SUGGESTION_BLUR_DELAY_MS)
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--primary blog-search__submit">
          Search
        </button>
      </div>
      <ul
        id={`${listId}-list`}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox pattern's listbox, driven from the input
        role="listbox"
        aria-label="Suggestions"
        className="blog-search__list"
        hidden={!showList}
      >
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: focus stays in the combobox input, which handles the keys (aria-activedescendant)
          <li
            key={option.id}
            id={option.id}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox above
            role="option"
            aria-selected={index === active}
            className={`blog-search__option${index === active ? ' is-active' : ''}${option.post ? '' : ' blog-search__option--all'}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            {option.post ? (
              <>
                <span className="blog-search__option-title">{option.post.title}</span>
                {isNewPost(option.post.publishedAt, now) && <span className="badge badge--new badge--small">New</span>}
              </>
            ) : (
              `View all results for "${typed}"`
            )}
          </li>
        ))}
      </ul>
    </Form>
  )
}

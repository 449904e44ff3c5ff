import { useId } from 'react'
import { Form, useNavigate } from 'react-router'
import { SEARCH_QUERY_MAX_LENGTH } from '../../../shared/blog'
import { isNewPost } from '../../../shared/dates'
import { PAGES } from '../../../shared/paths'
import { useRequestInfo } from '../../request-info'
import { type SearchOption, useSearchCombobox } from './use-search-combobox'

function SearchIcon() {
  return (
    <svg className="blog-search__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

interface SuggestionListProps {
  id: string
  options: SearchOption[]
  active: number
  typed: string
  hidden: boolean
  onChoose: (index: number) => void
}

function SuggestionList({ id, options, active, typed, hidden, onChoose }: SuggestionListProps) {
  const { now } = useRequestInfo()
  return (
    <ul
      id={id}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox pattern's listbox, driven from the input
      role="listbox"
      aria-label="Suggestions"
      className="blog-search__list"
      hidden={hidden}
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
          onClick={() => onChoose(index)}
        >
          {option.post ? (
            <>
              <span className="blog-search__option-title" dir="auto">
                {option.post.title}
              </span>
              {isNewPost(option.post.publishedAt, now) && <span className="badge badge--new badge--small">New</span>}
            </>
          ) : (
            `View all results for "${typed}"`
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * A GET form (works without JavaScript) that becomes an ARIA combobox: up to five suggestions while
 * typing, arrow keys to move, Enter to open one or to search, Escape or leaving the field to close.
 */
export function BlogSearch({ query }: { query: string }) {
  const navigate = useNavigate()
  const listId = useId()
  const combobox = useSearchCombobox(query, listId)

  return (
    <Form
      method="get"
      action={PAGES.blog}
      role="search"
      className="blog-search"
      onSubmit={(event) => {
        combobox.close()
        if (!combobox.typed) {
          event.preventDefault()
          navigate(PAGES.blog)
        }
      }}
    >
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Search posts
      </label>
      <div className="blog-search__field">
        <SearchIcon />
        <input
          id={`${listId}-input`}
          name="q"
          // text, not search: the HTML checker refuses role="combobox" on a search input.
          type="text"
          enterKeyHint="search"
          className="blog-search__input"
          placeholder="Search posts…"
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={combobox.showList}
          aria-controls={`${listId}-list`}
          {...combobox.input}
        />
        <button type="submit" className="button button--primary blog-search__submit">
          Search
        </button>
      </div>
      <SuggestionList
        id={`${listId}-list`}
        options={combobox.options}
        active={combobox.active}
        typed={combobox.typed}
        hidden={!combobox.showList}
        onChoose={combobox.choose}
      />
    </Form>
  )
}

import { SNIPPET_CATEGORIES, SNIPPETS, type Snippet, type SnippetCategory } from './snippets'

/** Spec §2: the snippet library, one category at a time; each snippet can be copied or inserted. */
export function SnippetsPanel({
  category,
  onCategory,
  onCopy,
  onInsert,
}: {
  category: SnippetCategory
  onCategory: (category: SnippetCategory) => void
  onCopy: (snippet: Snippet) => void
  onInsert: (snippet: Snippet) => void
}) {
  return (
    <aside className="snippets" aria-labelledby="snippets-title">
      <h2 id="snippets-title" className="previewer__heading">
        Snippets
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset */}
      <div className="snippets__tabs" role="group" aria-label="Snippet categories">
        {SNIPPET_CATEGORIES.map((name) => (
          <button
            key={name}
            type="button"
            className="snippets__tab"
            aria-pressed={name === category}
            onClick={() => onCategory(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <ul className="snippets__list">
        {SNIPPETS[category].map((snippet) => (
          <li key={snippet.name} className="snippet">
            <p className="snippet__name">{snippet.name}</p>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useAriaPropsSupportedByRole: scrollable code must be reachable and named for keyboard users (WCAG 2.1.1) */}
            <pre className="snippet__code" tabIndex={0} aria-label={`${snippet.name} code`}>
              {snippet.html}
            </pre>
            <div className="snippet__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onCopy(snippet)}
                aria-label={`Copy ${snippet.name}`}
              >
                Copy
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Insert ${snippet.name}`}
                onClick={() => onInsert(snippet)}
              >
                Insert
              </button>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  )
}

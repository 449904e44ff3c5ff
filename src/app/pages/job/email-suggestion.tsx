import { run as suggestEmail } from '@zootools/email-spell-checker'

/**
 * "Did you mean someone@gmail.com?" under the e-mail field once it is left holding a likely typo of a
 * common provider's domain (gmial.com, hotmial.com, gmail.co): one click or Enter takes the suggestion.
 * Announced politely; it never changes what the applicant typed by itself.
 */
export function EmailSuggestion({ email, onAccept }: { email: string; onAccept: (email: string) => void }) {
  const suggestion = email.includes('@') ? suggestEmail({ email: email.trim() })?.full : undefined
  return (
    <p className="field__suggestion" aria-live="polite">
      {suggestion && suggestion !== email.trim() && (
        <>
          Did you mean{' '}
          <button type="button" onClick={() => onAccept(suggestion)}>
            {suggestion}
          </button>
          ?
        </>
      )}
    </p>
  )
}

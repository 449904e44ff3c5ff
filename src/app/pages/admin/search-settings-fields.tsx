import { postHeadText } from '../../../shared/post-description'
import { POST_MULTILINE_FIELDS } from '../../../shared/post-rules'
import {
  EMPTY_SEARCH_SETTINGS,
  SEARCH_SETTING_ADVICE,
  SEARCH_SETTING_FIELDS,
  SEARCH_SETTING_LABELS,
  SEARCH_SETTING_LIMITS,
} from '../../../shared/post-search-settings'
import { FormField } from '../../components/form-field'
import { ChooseFromLibrary } from './media-picker-dialog'
import { ShareCardPreview } from './share-card-preview'
import type { PostFormState } from './use-post-form'

type CountedField = keyof typeof SEARCH_SETTING_ADVICE

/**
 * "48 of 60 characters", and a warning past the length where results and cards are usually cut; empty, the
 * default that is used instead (also the field's placeholder, which a screen reader may not say).
 */
function lengthHint(value: string, field: CountedField, fallback: string): string {
  const length = value.trim().length
  const advice = SEARCH_SETTING_ADVICE[field]
  if (length === 0) return fallback ? `Empty: "${fallback}" is used.` : 'Empty: the default is used.'
  return length > advice
    ? `${length} characters: past about ${advice}, most places cut it short.`
    : `${length} of ${advice} characters.`
}

/** A text setting with its length counter; the default it falls back to shows as its placeholder. */
function CountedSetting({ form, field, fallback }: { form: PostFormState; field: CountedField; fallback: string }) {
  const { values, set, shownErrors } = form
  const id = `post-${field}`
  const multiline = (POST_MULTILINE_FIELDS as readonly string[]).includes(field)
  return (
    <FormField
      id={id}
      label={SEARCH_SETTING_LABELS[field]}
      hint={lengthHint(values[field], field, fallback)}
      error={shownErrors[field]}
      announceError={false}
      wide
    >
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            rows={2}
            value={values[field]}
            maxLength={SEARCH_SETTING_LIMITS[field]}
            placeholder={fallback}
            onChange={(e) => set(field, e.target.value)}
          />
        ) : (
          <input
            {...control}
            value={values[field]}
            maxLength={SEARCH_SETTING_LIMITS[field]}
            placeholder={fallback}
            onChange={(e) => set(field, e.target.value)}
          />
        )
      }
    </FormField>
  )
}

/**
 * Search and share settings of a post (Ghost's meta data and social cards), folded away: most posts keep
 * the defaults, which show as each field's placeholder, and the cards below show what a link will look like.
 */
export function SearchSettingsFields({ form }: { form: PostFormState }) {
  const { values, set, shownErrors } = form
  // Until the post has a title, its defaults would be about nothing: the fields then show none.
  const titled = values.title.trim() !== ''
  const defaults = postHeadText({ ...values, metaTitle: '', metaDescription: '', shareTitle: '', shareDescription: '' })
  const own = titled ? postHeadText(values) : { title: '', description: '' }
  const changed = SEARCH_SETTING_FIELDS.filter((field) => values[field] !== EMPTY_SEARCH_SETTINGS[field]).length
  return (
    <details className="post-form__section field--wide">
      <summary>
        Search and sharing
        {changed > 0 && (
          <span className="post-form__section-note">
            {' '}
            · {changed === 1 ? '1 setting' : `${changed} settings`} changed
          </span>
        )}
      </summary>
      <div className="post-form__section-body">
        <CountedSetting form={form} field="metaTitle" fallback={titled ? defaults.title : ''} />
        <CountedSetting form={form} field="metaDescription" fallback={titled ? defaults.description : ''} />
        <FormField
          id="post-canonicalUrl"
          label={SEARCH_SETTING_LABELS.canonicalUrl}
          hint="Only for a post that first appeared on another site: search engines credit that address instead."
          error={shownErrors.canonicalUrl}
          announceError={false}
          wide
        >
          {(control) => (
            <input
              {...control}
              type="url"
              value={values.canonicalUrl}
              maxLength={SEARCH_SETTING_LIMITS.canonicalUrl}
              placeholder="https://"
              onChange={(e) => set('canonicalUrl', e.target.value)}
            />
          )}
        </FormField>
        <div className="field field--wide field--check">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.noindex}
              onChange={(e) => set('noindex', e.target.checked)}
              aria-describedby="post-noindex-hint"
            />
            {SEARCH_SETTING_LABELS.noindex}
          </label>
          <p id="post-noindex-hint" className="field__hint">
            The post stays on the blog and in feeds, but asks search engines not to list it and leaves the sitemap.
          </p>
        </div>
        <FormField
          id="post-shareImage"
          label={SEARCH_SETTING_LABELS.shareImage}
          hint="Empty: the featured image. Best at 1200 × 630."
          error={shownErrors.shareImage}
          announceError={false}
          wide
        >
          {(control) => (
            <div className="featured-image">
              <input
                {...control}
                value={values.shareImage}
                maxLength={SEARCH_SETTING_LIMITS.shareImage}
                onChange={(e) => set('shareImage', e.target.value)}
              />
              <ChooseFromLibrary title="Choose the share image" onPick={(url) => set('shareImage', url)} />
            </div>
          )}
        </FormField>
        <CountedSetting form={form} field="shareTitle" fallback={own.title} />
        <CountedSetting form={form} field="shareDescription" fallback={own.description} />
        <ShareCardPreview form={form} />
      </div>
    </details>
  )
}

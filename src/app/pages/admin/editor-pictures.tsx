import type { EditorPicture } from './editor-picture-places'
import type { UploadProgress } from './use-editor-pictures'

/**
 * Under the editor: uploads in progress, and every picture of the post with its alt text and an Edit
 * button, so alt text can be checked and changed without a mouse.
 */
export function EditorPictures({
  uploads,
  pictures,
  onEdit,
}: {
  uploads: UploadProgress[]
  pictures: EditorPicture[]
  onEdit: (picture: EditorPicture) => void
}) {
  return (
    <>
      {/* Said once as uploads start and end, not at every percent of every file. */}
      <p className="visually-hidden" aria-live="polite">
        {uploads.length === 0
          ? ''
          : uploads.length === 1
            ? 'Uploading 1 picture'
            : `Uploading ${uploads.length} pictures`}
      </p>
      <ul className="editor-uploads">
        {uploads.map((upload) => (
          <li key={upload.id} className="editor-uploads__item">
            <span>{`Uploading ${upload.name}… ${Math.round(upload.share * 100)}%`}</span>
            <progress max={1} value={upload.share} aria-label={`Upload of ${upload.name}`} />
          </li>
        ))}
      </ul>
      {pictures.length > 0 && (
        <details className="editor-pictures">
          <summary>
            {`Pictures in this post: ${pictures.length}`}
            {pictures.some((picture) => !picture.value.alt) &&
              ` (${pictures.filter((picture) => !picture.value.alt).length} without alt text)`}
          </summary>
          <ul className="editor-pictures__list">
            {pictures.map((picture) => (
              <li key={`${picture.index}-${picture.value.src}`} className="editor-pictures__item">
                <img src={picture.value.src} alt="" className="editor-pictures__thumb" />
                <span className="editor-pictures__alt">{picture.value.alt || 'No alt text (decoration)'}</span>
                <button type="button" className="button button--small button--ghost" onClick={() => onEdit(picture)}>
                  Edit<span className="visually-hidden">{` picture ${picture.value.alt || picture.value.src}`}</span>
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  )
}

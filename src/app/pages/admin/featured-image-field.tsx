import { useRef, useState } from 'react'
import { ACCEPTED_IMAGE_TYPES } from '../../../shared/media'
import { POST_LIMITS } from '../../../shared/post-rules'
import { FormField } from '../../components/form-field'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_TOASTS } from './admin-messages'
import { ImageDetailsDialog } from './image-details-dialog'
import { ChooseFromLibrary } from './media-picker-dialog'
import { uploadMedia } from './media-upload'

/**
 * The featured image: an address, or a picture uploaded here (described first: its alt text is what
 * share previews say of it), with a preview of what the address shows.
 */
export function FeaturedImageField({
  value,
  error,
  onChange,
}: {
  value: string
  error?: string
  onChange: (url: string) => void
}) {
  const toast = useToast()
  const fileRef = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null)
  const [progress, setProgress] = useState<number | null>(null)

  const choose = (file: File | undefined) => {
    if (file) setChosen({ file, preview: URL.createObjectURL(file) })
  }
  const forget = () => {
    if (chosen) URL.revokeObjectURL(chosen.preview)
    setChosen(null)
  }
  const upload = async (alt: string) => {
    if (!chosen) return
    const { file } = chosen
    forget()
    setProgress(0)
    try {
      onChange((await uploadMedia(file, { alt, onProgress: setProgress })).url)
    } catch (error) {
      toast(ADMIN_TOASTS.uploadFailed(file.name, error))
    } finally {
      setProgress(null)
    }
  }

  return (
    <FormField
      id="post-image"
      label="Featured Image URL"
      hint="Use a high-quality image URL. Recommended size: 1920x1080px. Or upload a picture from this computer, or choose one uploaded before."
      error={error}
      announceError={false}
      wide
    >
      {(control) => (
        <div className="featured-image">
          <input
            {...control}
            type="url"
            value={value}
            maxLength={POST_LIMITS.featuredImage}
            placeholder="https://"
            onChange={(event) => onChange(event.target.value)}
          />
          <button
            type="button"
            className="button button--ghost"
            disabled={progress !== null}
            onClick={() => fileRef.current?.click()}
          >
            {progress === null ? 'Upload image' : `Uploading… ${Math.round(progress * 100)}%`}
          </button>
          <ChooseFromLibrary title="Choose the featured image" onPick={onChange} />
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            hidden
            onChange={(event) => {
              choose(event.target.files?.[0])
              event.target.value = ''
            }}
          />
          {value.trim() && <img className="featured-image__preview" src={value.trim()} alt="" />}
          <ImageDetailsDialog
            image={chosen ? { src: chosen.preview, alt: '', caption: '' } : null}
            title="Describe the featured image"
            withCaption={false}
            onSave={({ alt }) => void upload(alt)}
            onCancel={forget}
          />
        </div>
      )}
    </FormField>
  )
}

import Quill from 'quill'
import { BlockEmbed } from 'quill/blots/block'
import { ButtonLink, Callout } from './quill-cards'
import { Gallery } from './quill-gallery'
import { MediaFigure } from './quill-media-figure'
import { PaletteBackground, PaletteColor } from './quill-paste'
import { storedToggleHtml, ToggleBody, ToggleContainer, ToggleSummary } from './quill-toggle'
import { SiteUploader } from './quill-uploader'
import { EmbeddedVideo, SelfHostedVideo } from './quill-videos'

// Toolbar icons for the cards Quill has none for, drawn like its own (stroke 2, 18×18).
const icons = Quill.import('ui/icons') as Record<string, string>
icons['button-link'] =
  '<svg viewBox="0 0 18 18"><rect class="ql-stroke" x="1.5" y="5" width="15" height="8" rx="4"/><line class="ql-stroke" x1="6" x2="12" y1="9" y2="9"/></svg>'
icons.gallery =
  '<svg viewBox="0 0 18 18"><rect class="ql-stroke" x="2" y="2" width="6" height="6" rx="1"/><rect class="ql-stroke" x="10" y="2" width="6" height="6" rx="1"/><rect class="ql-stroke" x="2" y="10" width="6" height="6" rx="1"/><rect class="ql-stroke" x="10" y="10" width="6" height="6" rx="1"/></svg>'
icons.toggle =
  '<svg viewBox="0 0 18 18"><polyline class="ql-stroke" points="3 5 6 8 9 5"/><line class="ql-stroke" x1="11" x2="16" y1="6" y2="6"/><line class="ql-stroke" x1="6" x2="16" y1="12" y2="12"/><line class="ql-stroke" x1="6" x2="13" y1="15" y2="15"/></svg>'
icons.library =
  '<svg viewBox="0 0 18 18"><rect class="ql-stroke" x="4" y="2" width="12" height="10" rx="1"/><polyline class="ql-stroke" points="2 5 2 16 13 16"/><polyline class="ql-stroke" points="6 10 9 7 11 9 12 8 14 10"/></svg>'
icons.divider =
  '<svg viewBox="0 0 18 18"><line class="ql-stroke" x1="2" x2="16" y1="9" y2="9"/><line class="ql-stroke" x1="6" x2="12" y1="4" y2="4"/><line class="ql-stroke" x1="6" x2="12" y1="14" y2="14"/></svg>'

/** A divider (<hr>) between sections. */
class Divider extends BlockEmbed {
  static override blotName = 'divider'
  static override tagName = 'HR'
}

Quill.register(
  {
    'formats/self-hosted-video': SelfHostedVideo,
    'formats/video': EmbeddedVideo,
    'formats/media-figure': MediaFigure,
    'formats/gallery': Gallery,
    'formats/toggle-container': ToggleContainer,
    'formats/toggle-summary': ToggleSummary,
    'formats/toggle-body': ToggleBody,
    'formats/divider': Divider,
    'formats/callout': Callout,
    'formats/button-link': ButtonLink,
    'formats/color': PaletteColor,
    'formats/background': PaletteBackground,
    'modules/uploader': SiteUploader,
  },
  true,
)

export { toggleButtonLink } from './quill-cards'
export { PASTE_MATCHERS } from './quill-paste'
export { tableAction } from './quill-table'
export { TOGGLE_BINDINGS, toggleToggle } from './quill-toggle'

/**
 * The post's HTML: Quill 2's semantic HTML (real <ul>/<ol>) with its non-breaking spaces turned back
 * into spaces and its toggles as they are stored.
 */
export const readPostHtml = (quill: Quill) => storedToggleHtml(quill.getSemanticHTML().replace(/&nbsp;/g, ' '))

/** Quill with what posts hold that its stock formats drop or mangle, so editing a post keeps it. */
export default Quill

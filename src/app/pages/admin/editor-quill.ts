import Quill from 'quill'
import { BlockEmbed } from 'quill/blots/block'
import { MediaFigure } from './quill-media-figure'
import { PaletteBackground, PaletteColor } from './quill-paste'
import { SiteUploader } from './quill-uploader'
import { EmbeddedVideo, SelfHostedVideo } from './quill-videos'

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
    'formats/divider': Divider,
    'formats/color': PaletteColor,
    'formats/background': PaletteBackground,
    'modules/uploader': SiteUploader,
  },
  true,
)

export { PASTE_MATCHERS } from './quill-paste'

/** Quill with what posts hold that its stock formats drop or mangle, so editing a post keeps it. */
export default Quill

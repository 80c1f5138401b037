/**
 * POST /file/create?ajax=true (spec 7; api/routes/files) for the rich text: one image through the staff side's one
 * uploader (lib/staff/upload-file.ts: the anti-forgery token, spec 5 and 8 messages, counted as a running upload)
 * into the older folder name `pages` (listed in the finder's top folder). Resolves with the 640 px rendition's URL
 * (`/files/{id}/640.webp`, the only image source the server's sanitiser keeps). Rejects with ApiError: the
 * envelope's code and message in the interface language (spec 5: too big, not an image), else spec 8's 'upload
 * error' plus the HTTP status.
 */
import i18n from 'i18next';
import { uploadFile } from '../../../lib/staff/upload-file';

/** Uploads one image (see the module). */
export async function uploadEditorImage(file: File): Promise<{ src: string; alt: string }> {
  const model = await uploadFile(file, { lang: i18n.language === 'en-US' ? 'en' : 'et', folderId: 'pages' });
  return { src: model.url, alt: model.name };
}

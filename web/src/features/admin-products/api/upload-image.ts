/**
 * POST /file/create?ajax=true (spec 7; api/routes/files) for ProductEdit's images: the staff side's one uploader
 * (lib/staff/upload-file.ts: XMLHttpRequest progress, the anti-forgery token, spec 5 and 8 messages, counted as a
 * running upload) into the older folder name `products` (listed in the finder's top folder). Resolves with the
 * stored file (`ref` is what the product's `images` holds); rejects with ApiError as `uploadFile` does.
 */
import type { FileModel } from '../../../../../api/contracts/files';
import { uploadFile } from '../../../lib/staff/upload-file';

export interface UploadOptions {
  /** `et` or `en`: the language of the answer's messages. */
  lang: string;
  /** Called with the share of the bytes sent, 0-1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** Uploads one image (see the module comment). */
export function uploadProductImage(file: File, options: UploadOptions): Promise<FileModel> {
  return uploadFile(file, { ...options, folderId: 'products' });
}

/**
 * The files module's one door: other modules, `http/` and the wiring import
 * from here, never from a file inside `files/` (architecture.test.ts checks it).
 */
export { listPage } from "./file-listing.js";
export { COPY_INLINE_MAX_ITEMS, doneBatch, FileOperations } from "./file-operations.js";
export { presentFile } from "./file-presenter.js";
export {
  blobReferencesOf,
  countLive,
  deleteDriveOf,
  type FileRow,
  FilesRepository,
  findFile,
  liveAmong,
  liveChildren,
  liveFolderNamed,
  type NewFileRow,
} from "./files-repository.js";
export { FilesService, type PreviewLookup } from "./files-service.js";
export { FOLDER_MIME_TYPE, mimeTypeOf } from "./mime.js";
export { NameAllocator, nameFields } from "./name-allocator.js";
export { numberedName, splitName, validateName, withoutDeceptiveCharacters } from "./names.js";
export { type OpsContext, requireDestination } from "./ops/context.js";
export { checkCopyable, copyTrees, isComplete } from "./ops/copy-items.js";
export { decodePageToken, encodePageToken } from "./page-token.js";
export { sortSpec } from "./sort-orders.js";
export { ancestry, subtreeTotals } from "./tree.js";

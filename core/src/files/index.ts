export {
  acceptedTypes,
  acceptsType,
  attachmentOwnerKinds,
  cleanFileName,
  contentDisposition,
  fileIdOfUrl,
  fileKinds,
  filePath,
  formatFileSize,
  looksLikePlainText,
  maxFileBytes,
  maxFileMegabytes,
  maxFilesPerForm,
  maxFormBytes,
  maxFormMegabytes,
  maxFileNameLength,
  maxPendingUploads,
  parseFileKind,
  parseOwnerKind,
  pickerAccept,
  signedUploadPath,
  unattachedLifetimeMs,
  uploadGrantLifetimeMs
} from "./FileRules.ts"
export * from "./StoredFile.ts"
export * from "./FileErrors.ts"
export * from "./FileStore.ts"
export * from "./FileInspector.ts"
export * from "./FileRepository.ts"
export * from "./DocumentReaders.ts"
export * from "./UploadGrants.ts"
export * from "./Files.ts"

import { atom } from "nanostores"

/** How long a toast stays (SPEC.md §8, §9); the core's `toastDurationMs`, kept here so islands need no core import. */
export const toastDurationMs = 5000

export type ToastKind = "success" | "error" | "warning" | "info"

export interface Toast {
  readonly id: number
  readonly kind: ToastKind
  readonly title?: string | undefined
  readonly message: string
}

/** The toasts on screen, oldest first. */
export const $toasts = atom<ReadonlyArray<Toast>>([])
/** How many requests are running that show the global 'Loading' indicator. */
export const $loading = atom(0)
/** How many uploads are running; while any is, the page is blocked with 'Please wait for the upload to finish'. */
export const $uploads = atom(0)
/** Whether the browser reaches the server (SPEC.md §4 online status). */
export const $online = atom(true)

let nextId = 1

/** Removes a toast before its time. */
export const dismissToast = (id: number): void => {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id))
}

/**
 * Shows a toast for 5 seconds. The same toast while it is still shown is not shown twice (SPEC.md §8); answers the
 * new toast's id, or undefined when it was a duplicate.
 */
export const showToast = (kind: ToastKind, message: string, title?: string): number | undefined => {
  const duplicate = $toasts.get().some((t) => t.kind === kind && t.message === message && t.title === title)
  if (duplicate) return undefined
  const id = nextId++
  $toasts.set([...$toasts.get(), { id, kind, title, message }])
  setTimeout(() => dismissToast(id), toastDurationMs)
  return id
}

/** Counts a request that shows the 'Loading' indicator until `finishLoading`. */
export const startLoading = (): void => $loading.set($loading.get() + 1)
export const finishLoading = (): void => $loading.set(Math.max(0, $loading.get() - 1))

/** Counts an upload that blocks the page until `finishUpload`. */
export const startUpload = (): void => $uploads.set($uploads.get() + 1)
export const finishUpload = (): void => $uploads.set(Math.max(0, $uploads.get() - 1))

/** The browser lost the server: the shell shows the network-error page (SPEC.md §4, §8). */
export const goOffline = (): void => $online.set(false)
/** The browser is online again. */
export const goOnline = (): void => $online.set(true)

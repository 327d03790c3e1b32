import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { toastDurationMs as coreToastDuration } from "@tawreed/core/shared"
import { $toasts, $uploads, finishUpload, showToast, startUpload, toastDurationMs } from "./shell.ts"

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers()
    $toasts.set([])
  })
  afterEach(() => vi.useRealTimers())

  it("last the 5 seconds of SPEC.md §9", () => {
    expect(toastDurationMs).toBe(coreToastDuration)
    showToast("success", "Connection to the server has been restored", "Connected")
    vi.advanceTimersByTime(toastDurationMs - 1)
    expect($toasts.get().map((t) => t.message)).toEqual(["Connection to the server has been restored"])
    vi.advanceTimersByTime(1)
    expect($toasts.get()).toEqual([])
  })

  it("are not shown twice while the first is on screen", () => {
    expect(showToast("error", "Error Occurred Processing request. Please try again.")).toBeTypeOf("number")
    expect(showToast("error", "Error Occurred Processing request. Please try again.")).toBeUndefined()
    showToast("error", "Unauthorized User")
    expect($toasts.get().map((t) => t.message)).toEqual([
      "Error Occurred Processing request. Please try again.",
      "Unauthorized User"
    ])
    vi.advanceTimersByTime(toastDurationMs)
    expect(showToast("error", "Error Occurred Processing request. Please try again.")).toBeTypeOf("number")
  })
})

describe("uploads", () => {
  it("block the page until the last one finishes", () => {
    startUpload()
    startUpload()
    finishUpload()
    expect($uploads.get()).toBe(1)
    finishUpload()
    finishUpload()
    expect($uploads.get()).toBe(0)
  })
})

/** Reads the `event: unread` counts of a response from `GET /api/notification/stream`, one at a time. */
export const unreadCounts = (response: Response) => {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ""
  return async (): Promise<number> => {
    for (;;) {
      const match = /event: unread\ndata: (\d+)\n\n/.exec(buffer)
      if (match) {
        buffer = buffer.slice(match.index + match[0].length)
        return Number(match[1])
      }
      const { value, done } = await reader.read()
      if (done) throw new Error("the event stream ended")
      buffer += decoder.decode(value, { stream: true })
    }
  }
}

#!/usr/bin/env node
import { createInterface } from "node:readline/promises"
import { fetch } from "undici"
import { run } from "./Cli.ts"

// A reader that stops early (`tawreed notifications list | head`) closes the pipe; that ends the output, not the
// command with a crash.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0)
    throw error
  })
}

// undici's fetch is the one Node's global fetch is built on; its types are undici's own, hence the cast.
process.exitCode = await run(process.argv.slice(2), {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  env: process.env,
  fetch: fetch as unknown as typeof globalThis.fetch,
  stderrIsTerminal: process.stderr.isTTY,
  prompt: process.stdin.isTTY
    ? async (question) => {
        const terminal = createInterface({ input: process.stdin, output: process.stderr })
        try {
          return await terminal.question(question)
        } finally {
          terminal.close()
        }
      }
    : undefined
})

// Placeholder: the server's 5 s meme video render (issue 21), built by its own part.
export async function runMemeVideoBench(): Promise<{ rows: Record<string, unknown>[] }> {
  return { rows: [] };
}

/**
 * The Dockerfile, read as the image rehearsal follows it (scripts/rehearse-image.ts): its stages and, in
 * each, the instructions in order. Only what the rehearsal knows how to follow is accepted; any other
 * instruction, flag or form stops the rehearsal with the line that it cannot follow, so the Dockerfile
 * cannot grow a step the rehearsal silently skips.
 */

export type Instruction =
  | { op: 'WORKDIR'; path: string; line: number }
  | { op: 'ENV'; vars: Record<string, string>; line: number }
  | { op: 'COPY'; from: string | null; chmod: string | null; sources: string[]; dest: string; line: number }
  | { op: 'RUN'; command: string; line: number }
  | { op: 'USER'; user: string; line: number }
  | { op: 'EXPOSE'; ports: number[]; line: number }
  | { op: 'HEALTHCHECK'; options: Record<string, string>; command: string[]; line: number }
  | { op: 'ENTRYPOINT'; command: string[]; line: number }
  | { op: 'CMD'; command: string[]; line: number };

export type Stage = { image: string; name: string | null; instructions: Instruction[] };

export class DockerfileError extends Error {}

/** Joins continued lines (a trailing backslash) and drops comments and blank lines; keeps line numbers. */
function logicalLines(text: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  let current: { text: string; line: number } | null = null;
  text.split('\n').forEach((raw, i) => {
    const trimmed = raw.trim();
    if (current === null && (trimmed === '' || trimmed.startsWith('#'))) return;
    if (current !== null && trimmed.startsWith('#')) return; // a comment inside a continued instruction
    const continues = trimmed.endsWith('\\');
    const piece = continues ? trimmed.slice(0, -1).trim() : trimmed;
    current = current
      ? { text: `${current.text} ${piece}`, line: current.line }
      : { text: piece, line: i + 1 };
    if (!continues) {
      out.push(current);
      current = null;
    }
  });
  if (current) throw new DockerfileError('the Dockerfile ends inside a continued line');
  return out;
}

/** `["a", "b"]`: the exec form. The shell form of these instructions is refused (it would need a shell). */
function execForm(rest: string, where: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rest);
  } catch {
    throw new DockerfileError(`${where}: only the exec form ["…"] is followed, not: ${rest}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string') || parsed.length === 0) {
    throw new DockerfileError(`${where}: expected a list of strings, got ${rest}`);
  }
  return parsed as string[];
}

/** `K=V K2="V 2"` (the only ENV form accepted), quotes removed. */
function envVars(rest: string, where: string): Record<string, string> {
  const vars: Record<string, string> = {};
  const re = /\s*([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|[^\s"]*)/y;
  let at = 0;
  while (at < rest.length) {
    re.lastIndex = at;
    const m = re.exec(rest);
    if (!m?.[1] || m[2] === undefined)
      throw new DockerfileError(`${where}: ENV must be KEY=value pairs: ${rest}`);
    vars[m[1]] = m[2].startsWith('"') ? m[2].slice(1, -1).replace(/\\(.)/g, '$1') : m[2];
    at = re.lastIndex;
    while (rest[at] === ' ') at += 1;
  }
  if (Object.keys(vars).length === 0) throw new DockerfileError(`${where}: ENV without variables`);
  return vars;
}

/** Leading `--flag=value` options; any flag not in `known` is refused. */
function flags(
  rest: string,
  known: string[],
  where: string,
): { flags: Record<string, string>; rest: string } {
  const found: Record<string, string> = {};
  let left = rest;
  for (;;) {
    const m = /^--([a-z-]+)=(\S+)\s+/.exec(left);
    if (!m?.[1] || m[2] === undefined) break;
    if (!known.includes(m[1])) throw new DockerfileError(`${where}: the flag --${m[1]} is not followed`);
    found[m[1]] = m[2];
    left = left.slice(m[0].length);
  }
  if (left.startsWith('--')) throw new DockerfileError(`${where}: a flag that is not followed: ${left}`);
  return { flags: found, rest: left };
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const { text: lineText, line } of logicalLines(text)) {
    const m = /^([A-Za-z]+)\s+(.*)$/.exec(lineText);
    if (!m?.[1] || m[2] === undefined) throw new DockerfileError(`line ${line}: cannot read "${lineText}"`);
    const op = m[1].toUpperCase();
    const rest = m[2].trim();
    const where = `line ${line} (${op})`;
    if (op === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+([a-z0-9_-]+))?$/i.exec(rest);
      if (!from?.[1]) throw new DockerfileError(`${where}: FROM image [AS name] expected: ${rest}`);
      stages.push({ image: from[1], name: from[2] ?? null, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new DockerfileError(`${where}: an instruction before the first FROM`);
    const push = (i: Instruction) => stage.instructions.push(i);
    switch (op) {
      case 'WORKDIR':
        push({ op, path: rest, line });
        break;
      case 'ENV':
        push({ op, vars: envVars(rest, where), line });
        break;
      case 'COPY': {
        const f = flags(rest, ['from', 'chmod'], where);
        const parts = f.rest.split(/\s+/);
        if (parts.length < 2 || f.rest.startsWith('['))
          throw new DockerfileError(`${where}: COPY src… dest expected`);
        push({
          op,
          from: f.flags.from ?? null,
          chmod: f.flags.chmod ?? null,
          sources: parts.slice(0, -1),
          dest: parts.at(-1) as string,
          line,
        });
        break;
      }
      case 'RUN':
        if (rest.startsWith('[') || rest.startsWith('--'))
          throw new DockerfileError(`${where}: only RUN in shell form`);
        push({ op, command: rest, line });
        break;
      case 'USER':
        push({ op, user: rest, line });
        break;
      case 'EXPOSE':
        push({
          op,
          ports: rest.split(/\s+/).map((p) => {
            if (!/^\d+$/.test(p)) throw new DockerfileError(`${where}: a port number expected, got ${p}`);
            return Number(p);
          }),
          line,
        });
        break;
      case 'HEALTHCHECK': {
        const options: Record<string, string> = {};
        let left = rest;
        for (;;) {
          const o = /^--(interval|timeout|start-period|retries)=(\S+)\s+/.exec(left);
          if (!o?.[1] || o[2] === undefined) break;
          options[o[1]] = o[2];
          left = left.slice(o[0].length);
        }
        if (!left.startsWith('CMD '))
          throw new DockerfileError(`${where}: HEALTHCHECK [options] CMD [...] expected`);
        push({ op, options, command: execForm(left.slice(4).trim(), where), line });
        break;
      }
      case 'ENTRYPOINT':
      case 'CMD':
        push({ op, command: execForm(rest, where), line });
        break;
      default:
        throw new DockerfileError(
          `${where}: the rehearsal does not know how to follow ${op}; teach it first`,
        );
    }
  }
  if (stages.length === 0) throw new DockerfileError('no FROM in the Dockerfile');
  return stages;
}

/**
 * .dockerignore as Docker reads it: paths from the context's root, `*` and `?` within one segment, `**`
 * across segments, `!` to take a path back; the last matching line wins. A pattern matching a folder
 * leaves out everything inside it.
 */
export function dockerIgnore(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = (negate ? l.slice(1) : l).replace(/^\/+/, '').replace(/\/+$/, '');
      if (/[[\]\\]/.test(pattern)) throw new DockerfileError(`.dockerignore: pattern not followed: ${l}`);
      const source = pattern
        .split('/')
        .map((seg) =>
          seg === '**'
            ? '.*'
            : seg
                .replace(/[.+^${}()|]/g, '\\$&')
                .replace(/\*/g, '[^/]*')
                .replace(/\?/g, '[^/]'),
        )
        .join('/');
      return { negate, re: new RegExp(`^${source}(/.*)?$`) };
    });
  return (path) => {
    let ignored = false;
    for (const r of rules) if (r.re.test(path)) ignored = !r.negate;
    return ignored;
  };
}

// Whether a migration leaves the previous version's code running: it may add tables, columns
// that are nullable or have a default, indexes and triggers, and change whatever it created
// itself; it may not take away or reshape what the previous version reads and writes. A
// statement that must anyway says so in a comment inside it: `-- not additive: <why>`.

const EXCEPTION = /--\s*not additive:\s*\S/i;

interface Rule {
  test: RegExp;
  why: string;
}

// Each is checked against statements on tables the migration did not create.
const RULES: Rule[] = [
  { test: /\bDROP\s+(TABLE|COLUMN|VIEW|TYPE|SCHEMA|FUNCTION)\b/i, why: 'drops what the previous version uses' },
  { test: /\bRENAME\b/i, why: 'renames what the previous version names' },
  { test: /\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i, why: 'changes a column type' },
  { test: /\bSET\s+NOT\s+NULL\b/i, why: 'makes a column required that the previous version may leave empty' },
  { test: /\bADD\s+CONSTRAINT\b/i, why: 'adds a constraint the previous version may break' },
  { test: /\bCREATE\s+UNIQUE\s+INDEX\b/i, why: 'adds a unique index the previous version may break' },
];

export interface Finding {
  statement: string;
  why: string;
}

const strip = (sql: string) => sql.replace(/--[^\n]*/g, '').trim();

/** The statements that are not additive and carry no `-- not additive:` comment. */
export function nonAdditive(sql: string): Finding[] {
  const statements = sql
    .split(/-->\s*statement-breakpoint|;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => strip(s) !== '');
  const created = new Set(
    statements.flatMap((s) => {
      const name = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?/i.exec(strip(s))?.[1];
      return name ? [name.toLowerCase()] : [];
    }),
  );
  const target = (s: string) =>
    (/\b(?:ALTER\s+TABLE|ON)\s+(?:ONLY\s+)?(?:"?\w+"?\.)?"?(\w+)"?/i.exec(s)?.[1] ?? '').toLowerCase();
  const findings: Finding[] = [];
  for (const raw of statements) {
    if (EXCEPTION.test(raw)) continue;
    const statement = strip(raw);
    if (/\bDROP\s+TABLE\b/i.test(statement) || !created.has(target(statement))) {
      const rule = RULES.find((r) => r.test.test(statement));
      if (rule) findings.push({ statement, why: rule.why });
      // Each column added to an existing table: nullable, or with a default for the rows and writers before it.
      for (const column of statement.split(/\bADD\s+COLUMN\b/i).slice(1))
        if (/\bNOT\s+NULL\b/i.test(column) && !/\bDEFAULT\b/i.test(column))
          findings.push({ statement, why: 'adds a required column without a default' });
    }
  }
  return findings;
}

/** A question's words as written: text between backticks shown as code. */
export function QuizText({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A code-reading question's snippet; long lines wrap, so a phone never scrolls sideways. */
export function QuizCode({ code }: { code: string }) {
  return (
    <pre className="mt-3 whitespace-pre-wrap rounded-lg bg-slate-900 p-4 text-sm leading-relaxed text-slate-50">
      <code>{code}</code>
    </pre>
  );
}

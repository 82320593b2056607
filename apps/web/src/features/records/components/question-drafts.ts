// What the questionnaire's and the screening's settings forms share: both edit a draft holding a list of questions.

/** What the owner typed with commas between, as a list; empty items are dropped. */
export const commaList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Changing one question of a draft's list, or removing it. */
export function questionEdits<Question, Draft extends { questions: Question[] }>(
  draft: Draft,
  setDraft: (next: Draft) => void,
) {
  return {
    change: (index: number, change: Partial<Question>) =>
      setDraft({ ...draft, questions: draft.questions.map((q, i) => (i === index ? { ...q, ...change } : q)) }),
    remove: (index: number) => setDraft({ ...draft, questions: draft.questions.filter((_, i) => i !== index) }),
  };
}

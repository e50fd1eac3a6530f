import { describe, expect, it } from 'vitest';
import { QUESTION_HUES, questionTint } from './questionHue';

describe('question hues', () => {
  it('tints a named question by its asker, the same person always in the same hue of the palette', () => {
    const a = questionTint({ id: 'q1', isAnonymous: false, sender: { username: 'ana' } });
    const b = questionTint({ id: 'q2', isAnonymous: false, sender: { username: 'ana' } });
    expect(a).toEqual(b);
    expect(QUESTION_HUES).toContain(Number((a as Record<string, string>)['--question-hue']));
    const hues = new Set(
      ['ana', 'bruno', 'chloe', 'dev', 'emma', 'hugo', 'ines', 'jon'].map((username) =>
        JSON.stringify(questionTint({ id: 'q', isAnonymous: false, sender: { username } })),
      ),
    );
    expect(hues.size).toBeGreaterThan(2);
  });

  it("tints a question from another server by its asker's handle, as a local asker by username", () => {
    const a = questionTint({ id: 'q1', isAnonymous: false, sender: null, remoteSender: { handle: '@bob@remote.example' } });
    const b = questionTint({ id: 'q2', isAnonymous: false, sender: null, remoteSender: { handle: '@bob@remote.example' } });
    expect(a).toEqual(b);
    expect(QUESTION_HUES).toContain(Number((a as Record<string, string>)['--question-hue']));
  });

  it('never tints an anonymous question: nothing of the asker shows, whoever it is', () => {
    expect(questionTint({ id: 'q1', isAnonymous: true, sender: null })).toBeUndefined();
    expect(questionTint({ id: 'q2', isAnonymous: true, sender: { username: 'ana' } })).toBeUndefined();
  });
});

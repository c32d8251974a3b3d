// The playground's scenario form is the console's (issue 59: "the same scenario form the browser
// playground uses, one component"): its page renders the console's partial
// (service/console/views/campos-cenario.eta), so it has every field of the console's form but the
// municipalities (the playground runs whole UFs), by the same names scenario-form.ts reads.
// playground-browser.test.ts checks the page maps them to the scenario the console maps them to.
import { describe, expect, it } from 'vitest';
import { FORM_FIELDS } from '../../../service/console/scenario-form.js';
import { playground } from '../../../service/playground/site.js';
import { CANAIS } from '../../../src/contract/scenario-schema.js';

describe('the playground\'s scenario form', () => {
  it('has the console\'s fields by their names, the municipalities left out', async () => {
    const html = String((await playground().file('index.html'))!.body);
    const form = html.slice(html.indexOf('<form id="cenario"'), html.indexOf('</form>'));
    const names = new Set([...form.matchAll(/<(?:input|select)[^>]* name="([^"]+)"/g)].map((m) => m[1]));
    const expected = new Set([...FORM_FIELDS.filter((f) => f !== 'municipio' && f !== 'canais'), ...CANAIS.map((c) => `canal_${c}`)]);
    expect(names).toEqual(expected);
    // the channels' box, where a refusal of the channels as a whole is said
    expect(form).toContain('<fieldset id="canais"');
  });
});

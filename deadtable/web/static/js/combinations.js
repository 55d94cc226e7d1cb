// The lobby offers only what the game accepts together: the server lists, for each player count,
// the combinations of the options with fixed values (choices and yes/no switches) the game takes
// (`combinations` in /api/games, server/combinations.py). A choice that cannot go with the others
// as they are is disabled; when the player count changes and the options no longer fit, the
// nearest combination that fits is chosen (the one agreeing with most of them, earlier ones first).

const same = (a, b) => String(a) === String(b);

function read(input) {
  return input.dataset.kind === "boolean" ? input.checked : input.value;
}

function write(input, value) {
  if (input.dataset.kind === "boolean") input.checked = Boolean(value);
  else input.value = String(value);
}

export function fitChoices(game, players) {
  const combos = game && game.combinations;
  if (!combos) return;
  const valid = combos.valid[String(players)] || [];
  const inputs = combos.options.map((name) => document.querySelector(`[data-option="${name}"]`));
  if (inputs.some((input) => !input) || !valid.length) return;
  let current = inputs.map(read);
  if (!valid.some((c) => c.every((v, i) => same(v, current[i])))) {
    const agree = (c) => c.reduce((sum, v, i) => sum + (same(v, current[i]) ? 2 ** (c.length - i) : 0), 0);
    const best = valid.reduce((a, b) => (agree(b) > agree(a) ? b : a));
    best.forEach((v, i) => write(inputs[i], v));
    current = inputs.map(read);
  }
  const fits = (i, value) => valid.some((c) => same(c[i], value) && c.every((w, j) => j === i || same(w, current[j])));
  inputs.forEach((input, i) => {
    if (input.dataset.kind === "boolean") {
      input.disabled = !fits(i, !input.checked);
      input.closest(".option")?.classList.toggle("fixed", input.disabled);
    } else {
      for (const choice of input.options || []) choice.disabled = !fits(i, choice.value);
    }
  });
}

import { reactionScenesA } from './scenes-reactions-a.js';
import { reactionScenesB } from './scenes-reactions-b.js';
import { reactionScenesC } from './scenes-reactions-c.js';
import { reactionScenesD } from './scenes-reactions-d.js';
import { reactionScenesE } from './scenes-reactions-e.js';
import type { TemplateArt } from './template-art.js';

/** Issue 39: reactions and emotions, the project's own meme formats drawn with the same kit. */
export const reactionScenes: TemplateArt[] = [
  ...reactionScenesA,
  ...reactionScenesB,
  ...reactionScenesC,
  ...reactionScenesD,
  ...reactionScenesE,
];

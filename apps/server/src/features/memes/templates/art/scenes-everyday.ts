import { everydayScenesA } from './scenes-everyday-a.js';
import { everydayScenesB } from './scenes-everyday-b.js';
import { everydayScenesC } from './scenes-everyday-c.js';
import { everydayScenesD } from './scenes-everyday-d.js';
import { everydayScenesE } from './scenes-everyday-e.js';
import { everydayScenesF } from './scenes-everyday-f.js';
import type { TemplateArt } from './template-art.js';

/**
 * Issue 39: formats of everyday situations and comparisons (expectation and reality, tier lists,
 * starter packs, charts, chats, maps…), drawn with the same kit and characters as the rest.
 * Split by kind of scene, one file each, to keep the files short.
 */
export const everydayScenes: TemplateArt[] = [
  ...everydayScenesA,
  ...everydayScenesF,
  ...everydayScenesB,
  ...everydayScenesC,
  ...everydayScenesD,
  ...everydayScenesE,
];

// The player model: a cursor over steps 0..N that seeks, steps, jumps between dead
// ends and solutions, and plays at a speed in steps per second. Frames come from
// a scheduler the test drives by hand (the page passes requestAnimationFrame).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Timeline, SPEEDS, DEFAULT_SPEED } from "../../static/js/model/timeline.js";

/** A timeline whose frames run when the test says, at the times it gives. */
function manual(options) {
  const pending = [];
  const timeline = new Timeline({ ...options, schedule: (callback) => pending.push(callback) });
  const drawn = [];
  timeline.subscribe((t) => drawn.push(t.cursor));
  const frame = (time) => { const callbacks = pending.splice(0); for (const c of callbacks) c(time); };
  return { timeline, drawn, frame, pending };
}

test("seek clamps to 0..N and reads numbers as a person types them", () => {
  const { timeline } = manual({ stepCount: 100 });
  timeline.seek(250);
  assert.equal(timeline.cursor, 100);
  timeline.seek(-3);
  assert.equal(timeline.cursor, 0);
  timeline.seek("41.6");
  assert.equal(timeline.cursor, 42);
  timeline.seek("abc");
  assert.equal(timeline.cursor, 0);
});

test("many seeks between two frames draw once, at the last one", () => {
  const { timeline, drawn, frame } = manual({ stepCount: 100 });
  frame(0);
  drawn.length = 0;
  for (let s = 1; s <= 50; s++) timeline.seek(s);
  frame(16);
  assert.deepEqual(drawn, [50]);
});

test("dead ends and solutions: next and previous from the cursor, none past the ends", () => {
  const { timeline } = manual({
    stepCount: 100, deadEnds: Int32Array.from([10, 30, 60]), solutions: Int32Array.from([80]),
  });
  assert.ok(timeline.nextDeadEnd());
  assert.equal(timeline.cursor, 10);
  timeline.nextDeadEnd();
  timeline.nextDeadEnd();
  assert.equal(timeline.cursor, 60);
  assert.equal(timeline.nextDeadEnd(), false, "no dead end after the last");
  assert.equal(timeline.cursor, 60);
  timeline.previousDeadEnd();
  assert.equal(timeline.cursor, 30);
  timeline.seek(95);
  assert.ok(timeline.jumpWithin(timeline.solutions, false));
  assert.equal(timeline.cursor, 80);
});

test("playing moves speed steps per second of frame time, and stops at the last step", () => {
  const { timeline, frame } = manual({ stepCount: 30 });
  assert.equal(timeline.speed, DEFAULT_SPEED);
  timeline.setSpeed(10);
  timeline.play();
  frame(1000);           // the first playing frame only notes the time
  for (let t = 1100; t <= 1500; t += 100) frame(t);    // half a second: 5 steps
  assert.equal(timeline.cursor, 5);
  frame(1550);           // 0.5 of a step is carried, not lost
  frame(1600);
  assert.equal(timeline.cursor, 6);
  for (let t = 1700; t < 6000; t += 100) frame(t);
  assert.equal(timeline.cursor, 30);
  assert.equal(timeline.playing, false, "play ends at the last step");
});

test("a long gap between two frames (a hidden tab) moves at most a quarter second of steps", () => {
  const { timeline, frame } = manual({ stepCount: 10000 });
  timeline.setSpeed(100);
  timeline.play();
  frame(0);
  frame(60000);
  assert.equal(timeline.cursor, 25);
});

test("stepping pauses play; the speeds offered include the default", () => {
  const { timeline, frame } = manual({ stepCount: 10 });
  assert.ok(SPEEDS.includes(DEFAULT_SPEED));
  timeline.play();
  frame(0);
  timeline.stepBy(1);
  assert.equal(timeline.playing, false);
  assert.equal(timeline.cursor, 1);
});

test("a range (an embedded player's): the cursor stays within start..N, plays from start again, jumps only inside", () => {
  const { timeline, frame } = manual({
    stepCount: 60, start: 20, cursor: 5, deadEnds: Int32Array.from([10, 30, 70]), solutions: Int32Array.from([15]),
  });
  assert.equal(timeline.cursor, 20);          // a cursor before the range starts at it
  timeline.seek(3);
  assert.equal(timeline.cursor, 20);
  timeline.seek("abc");
  assert.equal(timeline.cursor, 20);
  assert.equal(timeline.previousDeadEnd(), false);     // dead end 10 lies before the range
  assert.equal(timeline.previousSolution(), false);
  assert.equal(timeline.nextDeadEnd(), true);
  assert.equal(timeline.cursor, 30);
  assert.equal(timeline.nextDeadEnd(), false);         // dead end 70 lies after it
  timeline.last();
  assert.equal(timeline.cursor, 60);
  timeline.play();                                    // at the end: plays again from the range's start
  assert.equal(timeline.cursor, 20);
  frame(0);
  frame(10_000);                                      // a long frame is capped, and never passes the end
  timeline.first();
  assert.equal(timeline.cursor, 20);
});

test("a limit stops forward moves (seeks, steps, jumps, play) where it says; backward moves are free", () => {
  const { timeline, frame } = manual({ stepCount: 100, deadEnds: Int32Array.from([60]) });
  timeline.limit = (cursor, target) => (cursor < 30 && target > 30 ? 30 : target);    // a question at step 30
  timeline.seek(50);
  assert.equal(timeline.cursor, 30);
  timeline.seek(10);
  assert.equal(timeline.cursor, 10);
  timeline.setSpeed(1000);
  timeline.play();
  frame(0);
  frame(250);
  frame(500);
  frame(4000);
  assert.equal(timeline.cursor, 30);
  assert.equal(timeline.playing, false, "play pauses at the limit");
  timeline.seek(10);
  timeline.nextDeadEnd();                  // the dead end lies past the question: the jump stops at it
  assert.equal(timeline.cursor, 30);
  timeline.limit = null;                   // answered: on it goes
  timeline.nextDeadEnd();
  assert.equal(timeline.cursor, 60);
});

test("guess to guess: the jumps skip the forced moves between, and say false past the last", () => {
  const { timeline } = manual({ stepCount: 100, guesses: Int32Array.from([5, 40, 77]) });
  assert.equal(timeline.nextGuess(), true);
  assert.equal(timeline.cursor, 5);
  timeline.nextGuess();
  assert.equal(timeline.cursor, 40);
  timeline.seek(90);
  assert.equal(timeline.nextGuess(), false);
  assert.equal(timeline.cursor, 90);
  timeline.previousGuess();
  assert.equal(timeline.cursor, 77);
});

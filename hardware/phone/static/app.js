/*
 * Mister X's phone: the private handheld's screens in a mobile browser.
 *
 * The console serves this page on the LAN. The phone opens it from the QR code on
 * the console's screen, whose link carries the code's key in its fragment
 * (#k=KEY), which the browser never sends to the server. Every WebSocket frame is
 * NaCl secretbox (tweetnacl): under the code's key only the join, which trades
 * this phone's public key for the console's; under the session key they agree
 * (NaCl's box key, X25519) only each connection's hello; and under that
 * connection's own key everything else. Someone who saw the code cannot compute
 * the session key, so cannot read or forge the game's frames (the wire protocol is
 * hardware/phone/__init__.py's).
 *
 * It is the Pico handheld's program (firmware/ui.py) with a touch screen instead
 * of six buttons: the same messages in, checked as firmware/messages.py checks
 * them (a message it cannot read is answered with `unreadable`), the same answers
 * out, the same screens. It keeps nothing of the game: only, in the page's local
 * storage, the phone's id, its secret key and the console's public key, so that
 * a new tab or a reload of this phone comes back into the game without a scan.
 */
(function () {
  "use strict";

  const NONCE_BYTES = 24; // a secretbox's
  const KEY_BYTES = 32;
  const CONNECTION_NONCE_BYTES = 16; // a hello's, and the console's answer's
  const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/; // 32 bytes, base64url without padding
  const MAX_FRAME = 16384; // characters; a longer frame is dropped unread
  const SIZES = [1024, 2048, 4096, 8192]; // bytes a plaintext is padded to with spaces: the smallest that holds it
  const SLOT_PREFIX = "phone-"; // this phone's records in local storage, one per game's key
  const PING_MS = 1000;
  const RETRY_FIRST_MS = 500; // the wait before reconnecting, doubled after each try
  const RETRY_MAX_MS = 8000;
  const ANSWER_MS = 5000; // no "paired" this long after a hello: the console does not know this link (a new QR code?)
  const NOTICE_MS = 3000; // "Move sent" or "Move refused" shows this long (a tap ends it sooner)
  const IDLE_MS = 20000; // a screen with a secret on it goes dark after this long untouched
  const TICK_MS = 250;
  const BUZZ_MS = 200; // his turn: the phone vibrates, where it can

  // ------------------------------------------------------------ bytes

  function toBase64(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary);
  }

  function fromBase64(text) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  function hex(bytes) {
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  /** The game's key from the page's fragment (`#k=KEY`); null when there is none. */
  function keyOfPage() {
    const text = new URLSearchParams(location.hash.slice(1)).get("k");
    if (!text || !KEY_PATTERN.test(text)) return null;
    return fromBase64(text.replace(/-/g, "+").replace(/_/g, "/") + "=");
  }

  const encoder = new TextEncoder();
  const decoder = new TextDecoder("utf-8", { fatal: true });

  /**
   * JSON as Python's json reads it: a number written with a fraction or an
   * exponent (117.0, 1e2) is a float there, which no field of the protocol takes,
   * where JSON.parse would make it 117. Where the browser shows a number's source
   * text, such a number becomes NaN, which fails every check as the float does.
   */
  function parseJson(text) {
    return JSON.parse(text, (key, value, context) =>
      typeof value === "number" && context && /[.eE]/.test(context.source) ? NaN : value);
  }

  // ------------------------------------------------------------ the messages (firmware/messages.py)

  const FIRST_STATION = 1;
  const LAST_STATION = 199;
  const CLASSIC_LETTERS = "TBUX";
  const JUNIOR_LETTERS = "TBUFS";
  const TICKET_NAMES = { T: "taxi", B: "bus", U: "underground", X: "black", F: "boat", S: "stay" };
  const LETTERS = Object.fromEntries(Object.entries(TICKET_NAMES).map(([letter, name]) => [name, letter]));
  const SHOWN = 40; // characters of an unknown name quoted in an error

  class MessageError extends Error {}

  function has(object, name) {
    return Object.prototype.hasOwnProperty.call(object, name);
  }

  function isObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
  }

  function isInt(value) {
    return Number.isInteger(value);
  }

  /** The name of Python's type for a JSON *value*, for an error. */
  function typeName(value) {
    if (value === null) return "NoneType";
    if (Array.isArray(value)) return "list";
    if (typeof value === "string") return "str";
    if (typeof value === "boolean") return "bool";
    return isInt(value) ? "int" : "float";
  }

  /** *text* cut and quoted as Python's repr quotes it: 'foo'. */
  function quoted(text) {
    const cut = text.slice(0, SHOWN);
    const quote = cut.includes("'") && !cut.includes('"') ? '"' : "'";
    const escaped = cut.replace(/[\\\x00-\x1f\x7f]/g, (char) => {
      const named = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" }[char];
      return named || "\\x" + char.charCodeAt(0).toString(16).padStart(2, "0");
    });
    return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
  }

  function round(value, where) {
    if (!isInt(value) || value < 1) throw new MessageError(where + " is not a round number (1 or more)");
    return value;
  }

  function station(value, where) {
    if (!isInt(value) || value < FIRST_STATION || value > LAST_STATION) {
      throw new MessageError(where + " is not a station (" + FIRST_STATION + ".." + LAST_STATION + ")");
    }
    return value;
  }

  function bool(value, where) {
    if (value !== true && value !== false) throw new MessageError(where + " is not true or false");
    return value;
  }

  function text(value, where) {
    if (typeof value !== "string") throw new MessageError(where + " is not a string");
    return value;
  }

  function name(value, where) {
    if (typeof value !== "string" || !value) throw new MessageError(where + " is not a name");
    return value;
  }

  function tickets(value, where) {
    if (!isObject(value)) throw new MessageError(where + " is not {ticket: count}");
    if (has(value, "")) throw new MessageError(where + " has a key that is not a ticket name");
    const counts = {};
    for (const ticket of Object.keys(value).sort()) {
      const count = value[ticket];
      if (!isInt(count) || count < 0) throw new MessageError(where + "[" + quoted(ticket) + "] is not a count (0 or more)");
      counts[ticket] = count;
    }
    return counts;
  }

  /** [letter, station] of the leg *value* whose letter is one of *letters*; null when it is not one. */
  function split(value, letters) {
    if (typeof value !== "string" || !/^[A-Z][1-9][0-9]{0,2}$/.test(value) || !letters.includes(value[0])) return null;
    const where = Number(value.slice(1));
    return where <= LAST_STATION ? [value[0], where] : null;
  }

  function shape(letters) {
    const list = letters.split("");
    return list.slice(0, -1).join(", ") + " or " + list[list.length - 1] + " and a station " + FIRST_STATION + ".." +
      LAST_STATION + ", as in T46";
  }

  function legOf(letters) {
    return (value, where) => {
      if (split(value, letters) === null) throw new MessageError(where + " is not a leg (" + shape(letters) + ")");
      return value;
    };
  }

  function legsOf(letters) {
    const one = legOf(letters);
    return (value, where) => {
      if (!Array.isArray(value)) throw new MessageError(where + " is not a list of legs");
      return value.map((item, index) => one(item, where + "[" + index + "]"));
    };
  }

  function seen(value, where) {
    if (!Array.isArray(value)) throw new MessageError(where + " is not a list of move numbers");
    return value.map((number, index) => {
      if (!isInt(number) || number < 1) throw new MessageError(where + "[" + index + "] is not a move number (1 or more)");
      return number;
    });
  }

  const classicLeg = legOf(CLASSIC_LETTERS);
  const classicLegs = legsOf(CLASSIC_LETTERS);
  const juniorLeg = legOf(JUNIOR_LETTERS);
  const juniorLegs = legsOf(JUNIOR_LETTERS);

  /** Each type's fields in order, each with the function that checks it. */
  const FIELDS = new Map([
    ["state", [["round", round], ["station", station], ["tickets", tickets], ["log", classicLegs]]],
    ["choose_move", [["round", round], ["station", station], ["tickets", tickets], ["moves", classicLegs],
      ["can_double", bool], ["reveal_next", bool], ["log", classicLegs], ["hint", text]]],
    ["choose_second_leg", [["first", classicLeg], ["moves", classicLegs], ["reveal_next", bool], ["hint", text]]],
    ["rogue_state", [["who", name], ["round", round], ["station", station], ["tickets", tickets]]],
    ["choose_step", [["who", name], ["round", round], ["station", station], ["tickets", tickets], ["steps", juniorLegs],
      ["hand_over", bool], ["hint", text]]],
    ["accepted", [["seen", seen]]],
    ["refused", [["reason", text]]],
    ["wait", []],
    ["game_over", [["result", text]]],
    ["move", [["leg", classicLeg], ["double", bool]]],
    ["step", [["leg", juniorLeg]]],
    ["unreadable", [["reason", text]]],
  ]);
  const OPTIONAL = new Map([["move", ["double"]], ["choose_move", ["hint"]], ["choose_second_leg", ["hint"]],
    ["choose_step", ["hint"]]]);

  /** *message* as the protocol defines it: a checked copy; MessageError if it is not one. */
  function check(message) {
    if (!isObject(message)) throw new MessageError("a message is a JSON object, not " + typeName(message));
    if (!has(message, "type")) throw new MessageError("a message without a type");
    const kind = message.type;
    if (typeof kind !== "string") throw new MessageError("the message type is not a string");
    const fields = FIELDS.get(kind);
    if (!fields) throw new MessageError("unknown message type " + quoted(kind));
    const known = fields.map(([field]) => field);
    const extra = Object.keys(message).filter((key) => key !== "type" && !known.includes(key)).sort();
    if (extra.length) throw new MessageError(kind + ": unknown field " + quoted(extra[0]));
    const checked = { type: kind };
    const optional = OPTIONAL.get(kind) || [];
    for (const [field, checker] of fields) {
      if (has(message, field)) checked[field] = checker(message[field], kind + ": " + field);
      else if (!optional.includes(field)) throw new MessageError(kind + ": " + field + " is missing");
    }
    return checked;
  }

  /** A checked leg as the screens show it: "X157" -> [157, "black"]. */
  function legToPair(leg) {
    return [Number(leg.slice(1)), TICKET_NAMES[leg[0]]];
  }

  function pairToLeg(pair) {
    return LETTERS[pair[1]] + pair[0];
  }

  // ------------------------------------------------------------ the handheld (firmware/ui.py)

  const PAIRING = "pairing"; // no game yet
  const WAITING = "waiting"; // between his turns
  const CHOOSING = "choosing"; // his turn: the list of moves
  const CONFIRMING = "confirming"; // "Bus to 117?"
  const SENDING = "sending"; // the move is on its way; the console answers
  const OVER = "over"; // the game is over
  const SECRET = [WAITING, CHOOSING, CONFIRMING, SENDING];

  const TICKETS = ["taxi", "bus", "underground", "boat", "black", "double"];
  const STAY = "stay";

  /** Ticket names in the listing order: known ones first, then any others, staying last. */
  function ordered(names) {
    const list = Array.from(names);
    const rest = list.filter((ticket, index) => !TICKETS.includes(ticket) && ticket !== STAY && list.indexOf(ticket) === index);
    return TICKETS.filter((ticket) => list.includes(ticket)).concat(rest, list.includes(STAY) ? [STAY] : []);
  }

  function heldOnly(counts) {
    return Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));
  }

  /**
   * What he sees and what his taps do: the Pico's Ui, with taps for buttons.
   * Messages come in through onMessage, taps through the methods named for them;
   * both return the messages to send back.
   */
  class Handheld {
    constructor(clock, buzz) {
      this.clock = clock;
      this.buzz = buzz;
      this.connected = false;
      this.mode = PAIRING;
      this.awake = true;
      this.ringing = false; // his turn came while dark: the cover says so, and nothing secret
      this.passing = false; // the cover asks to pass the phone on (a Junior hand-over)
      this.lastTouch = clock();
      this.notice = null; // {sent: [stations seen]} or {refused: reason}
      this.noticeUntil = 0;
      this.showingLog = false;
      this.lesson = ""; // a guided turn's hint
      this.showingLesson = false;
      this.result = "";
      // His view, from the console's last word (updated by his accepted moves).
      this.round = 0;
      this.junior = false;
      this.who = null; // the rogue's name in Junior; null: Mister X
      this.station = null;
      this.tickets = {};
      this.log = []; // [ticket, station] each
      this.seen = []; // stations where his last move was seen
      // His turn.
      this.leg = 1;
      this.fromStation = null;
      this.listed = {}; // the tickets shown over the list
      this.moves = []; // [station, ticket] each
      this.canDouble = false;
      this.double = false;
      this.reveal = false;
      this.picked = null;
      this.legs = []; // legs confirmed this turn, [station, ticket] each
    }

    // -------------------------------------------------------- the console

    /** Take in one message from the console; returns the messages to send back. */
    onMessage(message) {
      let checked, handler;
      try {
        checked = check(message);
        handler = HANDLERS[checked.type];
        if (!handler) throw new MessageError(checked.type + " is not a message for the handheld");
      } catch (error) {
        if (!(error instanceof MessageError)) throw error;
        return [{ type: "unreadable", reason: error.message }];
      }
      handler.call(this, checked);
      return [];
    }

    view(message, junior) {
      this.junior = junior;
      this.who = junior ? message.who : null;
      this.round = message.round;
      this.station = message.station;
      this.tickets = message.tickets;
      this.log = junior ? [] : message.log.map((leg) => legToPair(leg).reverse());
    }

    state(message) {
      this.view(message, false);
      this.betweenTurns();
    }

    rogueState(message) {
      this.view(message, true);
      this.betweenTurns();
    }

    betweenTurns() {
      if (this.mode === PAIRING || this.mode === OVER) {
        this.mode = WAITING;
        this.seen = [];
      }
    }

    chooseMove(message) {
      this.view(message, false);
      this.turn(message.moves.map(legToPair), message.can_double, message.reveal_next, false);
      this.teach(message);
    }

    chooseStep(message) {
      this.view(message, true);
      this.turn(message.steps.map(legToPair), false, false, message.hand_over);
      this.teach(message);
    }

    turn(moves, canDouble, reveal, handOver) {
      const starts = ![CHOOSING, CONFIRMING, SENDING].includes(this.mode); // not a new ask within his turn
      this.mode = CHOOSING;
      this.leg = 1;
      this.fromStation = this.station;
      this.legs = [];
      this.seen = [];
      this.canDouble = canDouble;
      this.reveal = reveal;
      this.double = false;
      this.list(this.tickets, moves);
      if (starts) {
        this.buzz();
        this.showingLog = false;
        this.call();
      }
      if (handOver) { // another rogue takes the phone: dark at once, nothing of the last one's turn left
        this.awake = false;
        this.ringing = this.passing = true;
        this.showingLog = false;
        this.notice = null;
      }
    }

    chooseSecondLeg(message) {
      const first = legToPair(message.first);
      const left = Object.assign({}, this.tickets);
      for (const ticket of [first[1], "double"]) left[ticket] = (left[ticket] || 0) - 1;
      this.mode = CHOOSING;
      this.leg = 2;
      this.fromStation = first[0];
      this.legs = [first];
      this.canDouble = this.double = false;
      this.reveal = message.reveal_next;
      this.list(heldOnly(left), message.moves.map(legToPair));
      this.call();
      this.teach(message);
    }

    teach(message) {
      this.lesson = message.hint || "";
      this.showingLesson = Boolean(this.lesson);
    }

    forgetLesson() {
      this.lesson = "";
      this.showingLesson = false;
    }

    accepted(message) {
      const made = this.log.length;
      const stations = message.seen.filter((n) => n - made > 0 && n - made <= this.legs.length)
        .map((n) => this.legs[n - made - 1][0]);
      for (const [where, ticket] of this.legs) {
        if (!this.junior) this.spend(ticket); // a rogue's tickets are the kinds of line he may take
        this.log.push([ticket, where]);
        this.station = where;
      }
      if (this.legs.length === 2) this.spend("double");
      this.mode = WAITING;
      this.legs = [];
      this.seen = stations;
      this.forgetLesson();
      this.notify({ sent: stations });
    }

    refused(message) {
      if (this.mode === SENDING) {
        this.legs.pop();
        this.mode = CHOOSING;
      }
      this.notify({ refused: message.reason });
    }

    wait() {
      this.mode = WAITING;
      this.legs = [];
      this.ringing = this.passing = false;
      this.forgetLesson();
    }

    gameOver(message) {
      this.result = message.result;
      this.mode = OVER;
      this.legs = [];
      this.ringing = this.passing = this.showingLog = false;
      this.notice = null;
      this.forgetLesson();
      this.awake = true; // the result is public
      this.lastTouch = this.clock();
    }

    spend(ticket) {
      if (ticket in this.tickets) {
        this.tickets[ticket] -= 1;
        if (this.tickets[ticket] <= 0) delete this.tickets[ticket]; // as the console sends them: held tickets only
      }
    }

    list(listed, moves) {
      this.listed = listed;
      this.moves = moves;
      this.picked = null;
    }

    /** A choice is waiting for him: light the screen if he is looking, else ring. */
    call() {
      if (this.awake) this.lastTouch = this.clock();
      else this.ringing = true;
    }

    notify(notice) {
      this.notice = notice;
      this.noticeUntil = this.clock() + NOTICE_MS;
    }

    // -------------------------------------------------------- his taps

    touched() {
      this.lastTouch = this.clock();
    }

    wake() {
      this.awake = true;
      this.ringing = this.passing = false;
    }

    hide() {
      this.awake = this.ringing = this.passing = this.showingLog = false;
      this.notice = null;
      if (this.mode === CONFIRMING) this.mode = CHOOSING;
    }

    dismissNotice() {
      this.notice = null;
    }

    openLog() {
      this.showingLog = true;
    }

    closeLog() {
      this.showingLog = false;
    }

    openLesson() {
      this.showingLesson = Boolean(this.lesson);
    }

    closeLesson() {
      this.showingLesson = false;
    }

    doubleOffered() {
      return this.leg === 1 && this.canDouble;
    }

    toggleDouble() {
      if (this.mode === CHOOSING && this.doubleOffered()) this.double = !this.double;
    }

    pick(leg) {
      const move = this.moves.find((pair) => pairToLeg(pair) === leg);
      if (this.mode === CHOOSING && move) {
        this.mode = CONFIRMING;
        this.picked = move;
      }
    }

    back() {
      if (this.mode === CONFIRMING) this.mode = CHOOSING;
    }

    /** OK on the confirm screen: the move goes to the console. */
    send() {
      if (this.mode !== CONFIRMING) return [];
      this.legs.push(this.picked);
      this.mode = SENDING;
      const leg = pairToLeg(this.picked);
      if (this.junior) return [{ type: "step", leg: leg }];
      return [this.double && this.doubleOffered() ? { type: "move", leg: leg, double: true } : { type: "move", leg: leg }];
    }

    // -------------------------------------------------------- time

    /** Let time pass: a notice ends, an idle secret goes dark. Returns whether anything changed. */
    tick() {
      const now = this.clock();
      let changed = false;
      if (this.notice && now >= this.noticeUntil) {
        this.notice = null;
        changed = true;
      }
      if (this.awake && this.secret() && now - this.lastTouch >= IDLE_MS) {
        this.hide();
        changed = true;
      }
      return changed;
    }

    secret() {
      return SECRET.includes(this.mode) || this.showingLog;
    }
  }

  const HANDLERS = {
    state: Handheld.prototype.state,
    choose_move: Handheld.prototype.chooseMove,
    choose_second_leg: Handheld.prototype.chooseSecondLeg,
    rogue_state: Handheld.prototype.rogueState,
    choose_step: Handheld.prototype.chooseStep,
    accepted: Handheld.prototype.accepted,
    refused: Handheld.prototype.refused,
    wait: Handheld.prototype.wait,
    game_over: Handheld.prototype.gameOver,
  };

  // ------------------------------------------------------------ the link to the console

  /**
   * This phone's record for the game's *key*, in the page's local storage (kept across tabs and reloads, never sent):
   * the phone's id, its key pair's secret key, and the console's public key once the console has answered its join.
   */
  function openRecord(key) {
    const slot = SLOT_PREFIX + hex(nacl.hash(key).subarray(0, 16)); // the key itself is not stored
    let record = null;
    try {
      record = JSON.parse(localStorage.getItem(slot));
    } catch (error) {
      record = null;
    }
    const valid = isObject(record) && typeof record.phone === "string" && /^[0-9a-f]{16}$/.test(record.phone) &&
      isKey(record.secret) && (record.console === null || isKey(record.console));
    if (!valid) record = { phone: hex(nacl.randomBytes(8)), secret: toBase64(nacl.box.keyPair().secretKey), console: null };
    const pair = nacl.box.keyPair.fromSecretKey(fromBase64(record.secret));
    const kept = { phone: record.phone, secretKey: pair.secretKey, publicKey: pair.publicKey,
      consoleKey: record.console === null ? null : fromBase64(record.console) };
    kept.save = () => {
      const text = JSON.stringify({ phone: kept.phone, secret: toBase64(kept.secretKey),
        console: kept.consoleKey === null ? null : toBase64(kept.consoleKey) });
      try {
        localStorage.setItem(slot, text);
      } catch (error) {
        // no storage (a private window's quota): the phone is known as long as the page lives
      }
    };
    /** The pairing works: the records of other games' keys are forgotten. */
    kept.forgetOthers = () => {
      try {
        const others = Object.keys(localStorage).filter((name) => name.startsWith(SLOT_PREFIX) && name !== slot);
        others.forEach((name) => localStorage.removeItem(name));
      } catch (error) {
        // no storage: nothing kept to forget
      }
    };
    kept.save();
    return kept;
  }

  function isKey(text) {
    return typeof text === "string" && /^[A-Za-z0-9+/]{43}=$/.test(text);
  }

  function concat(...parts) {
    const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
    let at = 0;
    for (const part of parts) {
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  }

  /** *plain*'s bytes followed by spaces up to the smallest size class that holds them (null if none does). */
  function padded(plain) {
    const size = SIZES.find((candidate) => candidate >= plain.length);
    if (size === undefined) return null;
    const text = new Uint8Array(size).fill(0x20);
    text.set(plain);
    return text;
  }

  /** A frame carrying *body* under *key*, numbered *seq*: base64 of nonce || secretbox(padded JSON). */
  function seal(key, seq, phone, body) {
    const plain = padded(encoder.encode(JSON.stringify({ from: "phone", seq: seq, phone: phone, body: body })));
    const nonce = nacl.randomBytes(NONCE_BYTES);
    return toBase64(concat(nonce, nacl.secretbox(plain, nonce, key)));
  }

  /** The console's envelope in the frame *data* if it opens under *key* and reads as the protocol's; else null. */
  function openFrame(key, data) {
    if (typeof data !== "string" || data.length > MAX_FRAME) return null;
    let envelope;
    try {
      const frame = fromBase64(data);
      if (frame.length < NONCE_BYTES + nacl.secretbox.overheadLength) return null;
      const plain = nacl.secretbox.open(frame.subarray(NONCE_BYTES), frame.subarray(0, NONCE_BYTES), key);
      if (!plain || !SIZES.includes(plain.length)) return null;
      envelope = parseJson(decoder.decode(plain));
    } catch (error) {
      return null;
    }
    const fields = isObject(envelope) ? Object.keys(envelope).sort().join() : "";
    if (fields !== "body,from,phone,seq" || envelope.from !== "console" || !isInt(envelope.seq)) return null;
    return envelope;
  }

  /** The bytes of a key or nonce field (standard base64 of *size* bytes), or null. */
  function fieldBytes(value, size) {
    if (typeof value !== "string" || value.length !== 4 * Math.ceil(size / 3)) return null;
    try {
      const bytes = fromBase64(value);
      return bytes.length === size ? bytes : null;
    } catch (error) {
      return null;
    }
  }

  /**
   * The WebSocket to the console, by the wire protocol: on each connection the join under the code's *key* (until the
   * console's public key is known), the hello under the session key, then everything under the connection's own key, a
   * ping every second; reconnecting after a close with a growing wait while the page is shown. *events*: status(state)
   * with "connecting", "reconnecting", "unanswered", "paired", "taken" or "elsewhere", language(code) for the console's
   * language, and message(body) for the console's handheld messages, returning the answers.
   */
  function startLink(key, record, events) {
    let socket = null;
    let pinger = 0;
    let retry = 0;
    let retryMs = RETRY_FIRST_MS;
    let unanswered = 0;
    let stopped = false;
    // This connection's: where the handshake is, its keys, its numbers.
    let stage = "join";
    let sessionKey = null;
    let helloNonce = null;
    let connectionKey = null;
    let seq = 0;
    let consoleSeq = 0;

    function connect() {
      retry = 0;
      const scheme = location.protocol === "https:" ? "wss:" : "ws:";
      const opened = new WebSocket(scheme + "//" + location.host + "/ws");
      socket = opened;
      opened.onopen = () => {
        unanswered = setTimeout(() => events.status("unanswered"), ANSWER_MS);
        if (record.consoleKey === null) join();
        else hello();
      };
      opened.onmessage = (event) => receive(event.data);
      opened.onclose = () => closed(opened);
    }

    function closed(which) {
      if (which !== socket) return;
      clearInterval(pinger);
      clearTimeout(unanswered);
      socket = null;
      connectionKey = null;
      if (stopped) return;
      events.status("reconnecting");
      if (document.hidden) return; // a tab in the background does not take the game back: it reconnects when shown
      retry = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }

    function write(frame) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(frame);
    }

    /** The phone's public key, under the code's key: the console answers with its own (or says the game is taken). */
    function join() {
      stage = "join";
      write(seal(key, 0, record.phone, { type: "join", key: toBase64(record.publicKey) }));
    }

    /** Under the session key, with this connection's nonce: the console answers with its own. */
    function hello() {
      stage = "hello";
      sessionKey = nacl.box.before(record.consoleKey, record.secretKey);
      helloNonce = nacl.randomBytes(CONNECTION_NONCE_BYTES);
      write(seal(sessionKey, 0, record.phone, { type: "hello", nonce: toBase64(helloNonce) }));
    }

    /** A handheld message (or a ping) to the console, under this connection's key. */
    function send(body) {
      if (connectionKey === null) return;
      seq += 1;
      write(seal(connectionKey, seq, record.phone, body));
    }

    function receive(data) {
      if (stage === "join") joined(openFrame(key, data));
      else if (stage === "hello") answered(openFrame(sessionKey, data));
      else if (stage === "open") delivered(openFrame(connectionKey, data));
    }

    function joined(envelope) {
      if (!envelope || envelope.phone !== record.phone || !isObject(envelope.body)) return;
      const body = envelope.body;
      if (body.type === "taken") {
        stop();
        events.status("taken");
        return;
      }
      const consoleKey = body.type === "session" ? fieldBytes(body.key, KEY_BYTES) : null;
      if (consoleKey === null) return;
      record.consoleKey = consoleKey;
      record.save();
      hello();
    }

    function answered(envelope) {
      if (!envelope || envelope.phone !== record.phone || !isObject(envelope.body) || envelope.body.type !== "paired") return;
      const nonce = fieldBytes(envelope.body.nonce, CONNECTION_NONCE_BYTES);
      if (nonce === null) return;
      connectionKey = nacl.hash(concat(sessionKey, helloNonce, nonce)).subarray(0, KEY_BYTES);
      stage = "open";
      seq = 0;
      consoleSeq = 0;
      record.forgetOthers();
      retryMs = RETRY_FIRST_MS;
      clearTimeout(unanswered);
      send({ type: "ping" }); // the first frame under this connection's key makes this socket the phone's
      pinger = setInterval(() => send({ type: "ping" }), PING_MS);
      events.language(envelope.body.language);
      events.status("paired");
    }

    function delivered(envelope) {
      if (!envelope || envelope.phone !== record.phone || envelope.seq <= consoleSeq) return; // not for this phone, or replayed
      consoleSeq = envelope.seq;
      const body = envelope.body;
      if (isObject(body) && body.type === "elsewhere") {
        stop();
        events.status("elsewhere");
      } else if (isObject(body) && body.type === "language") {
        events.language(body.language);
      } else {
        events.message(body).forEach(send);
      }
    }

    /** Reconnect now if the socket is closed (the page is back from the phone's screen lock, or from behind another tab). */
    function now() {
      if (stopped || socket) return;
      clearTimeout(retry);
      retryMs = RETRY_FIRST_MS;
      connect();
    }

    function stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(pinger);
      clearTimeout(unanswered);
      if (socket) socket.close();
      socket = null;
    }

    events.status("connecting");
    connect();
    return { send: send, now: now };
  }

  // ------------------------------------------------------------ the words (hardware/phone/words.py)

  let words = {}; // each message's English (as written here) -> its words in the console's language
  let countedWords = {}; // each counted message's English singular -> its words for each count
  let wordsLanguage = "en";

  /** *english* in the console's language (itself until the words came, or if they lack it), each {name} from *values*. */
  function t(english, values) {
    const found = words[english];
    return fill(typeof found === "string" && found ? found : english, values);
  }

  /** *singular* or *plural* for the count *n*, in the console's language. */
  function counted(singular, plural, n) {
    const forms = countedWords[singular];
    const found = Array.isArray(forms) ? forms[n] : null;
    return fill(typeof found === "string" && found ? found : n === 1 ? singular : plural, { n: n });
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)(?::[^}]*)?\}/g, (place, name) => (values && has(values, name) ? String(values[name]) : place));
  }

  /** Ask the server for the page's words in the console's language (at the start, and when it changes), then show them. */
  function loadWords() {
    fetch("/words.json", { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then((found) => {
        if (!isObject(found) || !isObject(found.words) || typeof found.language !== "string") return;
        words = found.words;
        countedWords = isObject(found.counted) ? found.counted : {};
        wordsLanguage = found.language;
        document.documentElement.lang = found.language;
        document.title = t("Mister X");
        render();
      })
      .catch(() => {}); // the server is away: the page keeps the words it has
  }

  /** The console speaks *language*: the page follows it. */
  function speak(language) {
    if (typeof language === "string" && language !== wordsLanguage) loadWords();
  }

  // ------------------------------------------------------------ the screens

  /** An element: *tag* with *props* (class, on: its click handler, role, data-*, aria-*, properties) and *children*. */
  function h(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [prop, value] of Object.entries(props || {})) {
      if (prop === "class") node.className = value;
      else if (prop === "on") node.addEventListener("click", value);
      else if (prop === "role" || prop.startsWith("data-") || prop.startsWith("aria-")) node.setAttribute(prop, value);
      else node[prop] = value;
    }
    node.append(...present(children));
    return node;
  }

  /** The nodes and strings in *children*, lists flattened, with null and false (nothing to show) left out. */
  function present(children) {
    return children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false);
  }

  /** A ticket's (or a line's) name as a heading: "Taxi"; one the page does not know, as the console named it. */
  function title(ticket) {
    const known = { taxi: t("Taxi"), bus: t("Bus"), underground: t("Underground"), boat: t("Boat"), black: t("Black"),
      double: t("Double"), stay: t("Stay") }[ticket];
    return known || ticket.charAt(0).toUpperCase() + ticket.slice(1);
  }

  function ticketClass(ticket) {
    return "ticket t-" + (TICKETS.includes(ticket) || ticket === STAY ? ticket : "other");
  }

  /** "Bus to 117", "Stay at 138" (*asked*: "Bus to 117?"). */
  function journey(move, asked) {
    if (move[1] === STAY) return asked ? t("Stay at {station}?", { station: move[0] }) : t("Stay at {station}", { station: move[0] });
    const said = { ticket: title(move[1]), station: move[0] };
    return asked ? t("{ticket} to {station}?", said) : t("{ticket} to {station}", said);
  }

  function stations(list) {
    return list.join(", ");
  }

  /** The screen for the link's state *linked* and the handheld *hh*: a class for the screen, and its elements. */
  function screenOf(linked, hh) {
    if (linked === "nokey") return noKeyScreen();
    if (linked === "taken") return takenScreen();
    if (linked === "elsewhere") return elsewhereScreen();
    if (!hh.awake) return hh.ringing ? coverScreen(hh) : blankScreen();
    if (hh.notice) return noticeScreen(hh);
    if (hh.showingLog) return logScreen(hh);
    if (hh.showingLesson) return lessonScreen(hh);
    if (hh.mode === PAIRING) return pairingScreen(hh);
    if (hh.mode === WAITING) return waitingScreen(hh);
    if (hh.mode === CHOOSING) return chooseScreen(hh);
    if (hh.mode === CONFIRMING) return confirmScreen(hh);
    if (hh.mode === SENDING) return sendingScreen(hh);
    return gameOverScreen(hh);
  }

  function button(action, label, className) {
    return h("button", { type: "button", class: className || "action", "data-action": action, on: () => act(action) }, label);
  }

  /** The bar over every screen with a secret: its heading, and Hide. */
  function bar(left, right) {
    return h("header", { class: "bar" },
      h("h1", { class: "heading" }, h("span", {}, left), right ? h("span", { class: "where" }, right) : null),
      button("hide", t("Hide"), "hide"));
  }

  function heading(hh) {
    if (hh.leg === 2) return bar(t("2nd move"), at(hh.fromStation));
    if (hh.who) return bar(hh.who, at(hh.station));
    return bar(t("Round {round}", { round: hh.round }), at(hh.station));
  }

  function at(where) {
    return t("at {station}", { station: where });
  }

  function ticketChips(hh, counts) {
    const names = ordered(Object.keys(counts));
    if (!names.length) return h("p", { class: "chips" }, t("No tickets"));
    return h("ul", { class: "chips", "aria-label": hh.junior ? t("Lines you may take") : t("Your tickets") },
      names.map((ticket) => h("li", { class: ticketClass(ticket) },
        hh.junior ? title(ticket) : h("span", {}, title(ticket), " ", h("b", {}, String(counts[ticket]))))));
  }

  function noKeyScreen() {
    return ["plain", [
      h("h1", { class: "title" }, t("Mister X's phone")),
      h("p", { class: "big" }, t("To pair this phone with the console, scan the QR code on the console's screen with " +
        "this phone's camera, and open the link it shows.")),
      h("p", {}, t("Keep this page open during the game: it shows Mister X's moves, and only this phone can make them.")),
    ]];
  }

  function takenScreen() {
    return ["plain", [
      h("h1", { class: "title" }, t("Mister X's phone")),
      h("p", { class: "big" }, t("This game is already paired with another phone.")),
      h("p", {}, t("To play on this phone instead, choose \u201cPair a phone again\u201d on the console and scan the new QR code.")),
    ]];
  }

  function elsewhereScreen() {
    return ["plain", [
      h("h1", { class: "title" }, t("Mister X's phone")),
      h("p", { class: "big" }, t("The game goes on in another tab of this phone.")),
      h("p", {}, t("Reload this page to play here instead.")),
    ]];
  }

  function blankScreen() {
    return ["dark", [h("button", { type: "button", class: "cover", "data-action": "wake", on: () => act("wake") },
      h("span", { class: "faint" }, t("Hidden. Tap to show.")))]];
  }

  function coverScreen(hh) {
    const who = hh.who || t("Mister X");
    const said = hh.passing ?
      [h("span", { class: "faint" }, t("Pass me to")), h("strong", { class: "name" }, who), h("span", {}, t("Tap when you have me."))] :
      [h("strong", { class: "name" }, who), h("span", { class: "big" }, t("Your turn")), h("span", {}, t("Tap to show."))];
    return ["dark", [h("button", { type: "button", class: "cover", "data-action": "wake", on: () => act("wake") }, said)]];
  }

  function noticeScreen(hh) {
    const notice = hh.notice;
    const said = notice.refused !== undefined ?
      [h("strong", { class: "big" }, t("Move refused")), h("span", { class: "reason" }, notice.refused)] :
      [h("strong", { class: "big" }, t("Move sent")), h("span", {}, t("Hide the phone.")),
        notice.sent.length ? h("strong", { class: "warn" }, t("Seen at {stations}!", { stations: stations(notice.sent) })) : null];
    return ["", [bar(hh.who || t("Mister X"), ""),
      h("button", { type: "button", class: "notice", "data-action": "dismiss", on: () => act("dismiss") },
        said, h("span", { class: "faint" }, t("Tap to go on.")))]];
  }

  function logScreen(hh) {
    const rows = hh.log.map(([ticket, where], index) => h("li", {},
      h("span", { class: "number" }, String(index + 1)),
      h("span", { class: ticketClass(ticket) }, title(ticket)),
      h("b", { class: "station" }, String(where))));
    return ["", [bar(t("Travel log"), counted("{n} move", "{n} moves", hh.log.length)),
      rows.length ? h("ol", { class: "log" }, rows) : h("p", {}, t("No moves yet.")),
      button("close-log", t("Back"))]];
  }

  function lessonScreen(hh) {
    return ["", [heading(hh),
      h("section", { class: "lesson" }, h("h2", {}, t("Lesson")), h("p", { class: "big" }, hh.lesson)),
      button("close-lesson", t("Show my moves"), "action primary"),
      hh.junior ? null : button("log", t("Travel log"))]];
  }

  function pairingScreen(hh) {
    return ["", [bar(hh.who || t("Mister X"), ""),
      h("p", { class: "big centre" }, t("Waiting for the console")),
      h("p", { class: "centre" }, hh.connected ? t("Connected.") : t("Not connected."))]];
  }

  function seenNote(hh) {
    return hh.seen.length ? h("p", { class: "warn" }, t("Seen at {stations}!", { stations: stations(hh.seen) })) : null;
  }

  function waitingScreen(hh) {
    const round = t("Round {round}", { round: hh.round });
    return ["", [bar(hh.who || round, at(hh.station)),
      hh.who ? h("p", {}, round) : null,
      ticketChips(hh, hh.tickets),
      seenNote(hh),
      h("p", { class: "big" }, hh.connected ? t("Wait for your turn.") : t("Not connected.")),
      hh.junior ? null : button("log", t("Travel log"))]];
  }

  function chooseScreen(hh) {
    const groups = ordered(hh.moves.map((move) => move[1])).map((ticket) => {
      const moves = hh.moves.filter((move) => move[1] === ticket).sort((a, b) => a[0] - b[0]);
      return h("section", { class: "group" },
        h("h2", {}, title(ticket)),
        h("div", { class: "moves" }, moves.map((move) => h("button", {
          type: "button", class: ticketClass(ticket) + " move", "data-leg": pairToLeg(move),
          "aria-label": journey(move, false), on: () => act("pick", pairToLeg(move)),
        }, String(move[0])))));
    });
    return ["", [heading(hh),
      hh.reveal ? h("p", { class: "note reveal", role: "alert" }, t("This move: SEEN by all!")) : null,
      hh.leg === 2 ? h("p", {}, t("Your second move, from {station}. Tickets left:", { station: hh.fromStation })) : null,
      ticketChips(hh, hh.listed),
      hh.doubleOffered() ? h("button", {
        type: "button", class: "double" + (hh.double ? " on" : ""), "data-action": "double",
        "aria-pressed": String(hh.double), on: () => act("double"),
      }, hh.double ? t("Double move: yes. Pick the first of two moves.") : t("Double move? Tap to make one.")) : null,
      groups.length ? groups : h("p", { class: "big" }, t("No move.")),
      hh.lesson ? button("lesson", t("Lesson")) : null,
      hh.junior ? null : button("log", t("Travel log"))]];
  }

  function confirmScreen(hh) {
    const move = hh.picked;
    const double = hh.double && hh.doubleOffered();
    return ["", [heading(hh),
      h("p", { class: "question " + ticketClass(move[1]) }, journey(move, true)),
      double ? h("p", { class: "note t-double" }, t("First of a double move")) : null,
      hh.reveal ? h("p", { class: "note reveal" }, t("SEEN by all!")) : null,
      hh.connected ? button("send", t("Send"), "action primary") :
        h("button", { type: "button", class: "action primary", disabled: true }, t("Send (not connected)")),
      button("back", t("Back"))]];
  }

  function sendingScreen(hh) {
    return ["", [heading(hh),
      h("p", { class: "question " + ticketClass(hh.legs[hh.legs.length - 1][1]) }, journey(hh.legs[hh.legs.length - 1], false)),
      h("p", { class: "big" }, hh.connected ? t("Sending\u2026") : t("Not connected."))]];
  }

  function gameOverScreen(hh) {
    return ["plain", [h("h1", { class: "title" }, t("Game over")), h("p", { class: "big" }, hh.result)]];
  }

  // ------------------------------------------------------------ the page

  const clock = () => performance.now();

  /** His turn: the phone vibrates, where the browser lets a page (once he has tapped it). */
  function buzz() {
    const active = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && active) navigator.vibrate(BUZZ_MS);
  }

  const handheld = new Handheld(clock, buzz);
  const key = keyOfPage();
  let linkState = key ? "connecting" : "nokey";
  let link = null;

  const STATUS = {
    connecting: () => t("Connecting\u2026"),
    reconnecting: () => t("Reconnecting\u2026"),
    unanswered: () => t("The console does not answer. If it shows a new QR code, scan that one."),
  };

  function render() {
    const [kind, nodes] = screenOf(linkState, handheld);
    const screen = document.getElementById("screen");
    screen.className = kind;
    screen.replaceChildren(...present(nodes));
    document.getElementById("status").textContent = STATUS[linkState] ? STATUS[linkState]() : "";
  }

  /** A tap on the control named *action* (*leg*: the move picked). */
  function act(action, leg) {
    handheld.touched();
    const sent = {
      wake: () => handheld.wake(),
      hide: () => handheld.hide(),
      dismiss: () => handheld.dismissNotice(),
      log: () => handheld.openLog(),
      "close-log": () => handheld.closeLog(),
      lesson: () => handheld.openLesson(),
      "close-lesson": () => handheld.closeLesson(),
      double: () => handheld.toggleDouble(),
      pick: () => handheld.pick(leg),
      back: () => handheld.back(),
      send: () => handheld.send(),
    }[action]();
    if (Array.isArray(sent)) sent.forEach(link.send);
    render();
  }

  function status(state) {
    linkState = state;
    handheld.connected = state === "paired";
    render();
  }

  function message(body) {
    const answers = handheld.onMessage(body);
    render();
    return answers;
  }

  // A new link in this tab (the QR code of "pair again") changes only the fragment: start again with its key.
  window.addEventListener("hashchange", () => location.reload());
  document.addEventListener("pointerdown", () => handheld.touched(), true);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) { // the phone locks or goes to another app: what comes back is a dark screen
      if (handheld.secret()) handheld.hide();
      render();
    } else if (link) {
      link.now();
    }
  });
  setInterval(() => {
    if (handheld.tick()) render();
  }, TICK_MS);

  render();
  loadWords();
  if (key) link = startLink(key, openRecord(key), { status: status, language: speak, message: message });
})();

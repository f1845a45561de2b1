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
 * out, the same screens. Like it, it knows no kind of game: the console sends its
 * words (each kind of choice's, and the phrases) and says what each screen shows
 * in them; the page's own words are only those of the page, its link and its
 * buttons (hardware/phone/words.py). It keeps nothing of the game: only, in the page's local
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

  const SHOWN = 40; // characters of an unknown name quoted in an error
  const KIND_FIELDS = ["name", "title", "ask", "say", "tone"];

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

  function at(where, index) {
    return where + "[" + index + "]";
  }

  function boolField(value, where) {
    if (value !== true && value !== false) throw new MessageError(where + " is not true or false");
    return value;
  }

  function stringField(value, where) {
    if (typeof value !== "string") throw new MessageError(where + " is not a string");
    return value;
  }

  function keyField(value, where) {
    if (typeof value !== "string" || !value) throw new MessageError(where + " is not a key (a string, not empty)");
    return value;
  }

  /** A string, or a phrase: [key] or [key, arg]. */
  function textField(value, where) {
    if (typeof value === "string") return value;
    if (!Array.isArray(value) || value.length < 1 || value.length > 2 || typeof value[0] !== "string" || !value[0] ||
        !value.every((part) => typeof part === "string")) {
      throw new MessageError(where + " is not a text (a string, or [key] or [key, arg] of strings)");
    }
    return value.slice();
  }

  function listOf(item) {
    return (value, where) => {
      if (!Array.isArray(value)) throw new MessageError(where + " is not a list");
      return value.map((entry, index) => item(entry, at(where, index)));
    };
  }

  function pairOf(first, second, shape) {
    return (value, where) => {
      if (!Array.isArray(value) || value.length !== 2) throw new MessageError(where + " is not " + shape);
      return [first(value[0], at(where, 0)), second(value[1], at(where, 1))];
    };
  }

  function countField(value, where) {
    if (value === null) return null;
    if (!isInt(value) || value < 0) throw new MessageError(where + " is not a count (0 or more, or null)");
    return value;
  }

  function headingField(value, where) {
    const alternatives = listOf(pairOf(textField, textField, "[left, right]"))(value, where);
    if (!alternatives.length) throw new MessageError(where + " is empty (one [left, right] at least)");
    return alternatives;
  }

  function optionField(value, where) {
    if (!Array.isArray(value) || value.length !== 3) throw new MessageError(where + " is not [off, on, note]");
    return value.map((part, index) => textField(part, at(where, index)));
  }

  function kindField(value, where) {
    if (!Array.isArray(value) || value.length !== KIND_FIELDS.length) {
      throw new MessageError(where + " is not [" + KIND_FIELDS.join(", ") + "]");
    }
    return value.map((part, index) => stringField(part, at(where, index)));
  }

  function tableOf(item) {
    return (value, where) => {
      if (!isObject(value)) throw new MessageError(where + " is not an object");
      Object.keys(value).forEach((name) => keyField(name, where + " key"));
      return Object.fromEntries(Object.keys(value).sort().map((name) => [name, item(value[name], where + "[" + quoted(name) + "]")]));
    };
  }

  const countList = listOf(pairOf(keyField, countField, "[kind, count]"));
  const textList = listOf(textField);
  const logList = listOf(pairOf(keyField, stringField, "[kind, label]"));
  const groupList = listOf(pairOf(keyField, listOf(pairOf(keyField, stringField, "a choice ([answer, label])")), "[kind, choices]"));

  /** Each type's fields in order, each with the function that checks it. */
  const FIELDS = new Map([
    ["words", [["kinds", tableOf(kindField)], ["phrases", tableOf(stringField)]]],
    ["show", [["who", textField], ["heading", headingField], ["counts", countList], ["lines", textList], ["note", textField],
      ["log", logList]]],
    ["ask", [["who", textField], ["heading", headingField], ["counts", countList], ["lines", textList], ["warning", textField],
      ["groups", groupList], ["option", optionField], ["caution", textField], ["hand_over", boolField], ["hint", stringField]]],
    ["accepted", [["note", textField]]],
    ["refused", [["reason", stringField]]],
    ["wait", []],
    ["game_over", [["result", stringField]]],
    ["answer", [["choice", keyField], ["option", boolField]]],
    ["unreadable", [["reason", stringField]]],
  ]);
  const OPTIONAL = new Map([["show", ["log"]], ["ask", ["option", "hint"]], ["answer", ["option"]]]);

  /** *message* as the protocol defines it: a checked copy; MessageError if it is not one. */
  function check(message) {
    if (!isObject(message)) throw new MessageError("a message is a JSON object, not " + typeName(message));
    if (!has(message, "type")) throw new MessageError("a message without a type");
    const type = message.type;
    if (typeof type !== "string") throw new MessageError("the message type is not a string");
    const fields = FIELDS.get(type);
    if (!fields) throw new MessageError("unknown message type " + quoted(type));
    const known = fields.map(([field]) => field);
    const extra = Object.keys(message).filter((name) => name !== "type" && !known.includes(name)).sort();
    if (extra.length) throw new MessageError(type + ": unknown field " + quoted(extra[0]));
    const checked = { type: type };
    const optional = OPTIONAL.get(type) || [];
    for (const [field, checker] of fields) {
      if (has(message, field)) checked[field] = checker(message[field], type + ": " + field);
      else if (!optional.includes(field)) throw new MessageError(type + ": " + field + " is missing");
    }
    return checked;
  }

  // ------------------------------------------------------------ the handheld (firmware/ui.py)

  const PAIRING = "pairing"; // no game yet
  const WAITING = "waiting"; // between its turns
  const CHOOSING = "choosing"; // its turn: the list of choices
  const CONFIRMING = "confirming"; // "Bus to 117?"
  const SENDING = "sending"; // the choice is on its way; the console answers
  const OVER = "over"; // the game is over
  const TURN = [CHOOSING, CONFIRMING, SENDING];
  const SECRET = [WAITING].concat(TURN);

  /**
   * What the hidden side sees and what its taps do: the Pico's Ui, with taps for buttons. It knows no kind of game:
   * the console's words (kinds and phrases) come in `words`, its screens in `show` and `ask`. Messages come in through
   * onMessage, taps through the methods named for them; both return the messages to send back.
   */
  class Handheld {
    constructor(clock, buzz) {
      this.clock = clock;
      this.buzz = buzz;
      this.connected = false;
      this.mode = PAIRING;
      this.awake = true;
      this.ringing = false; // its turn came while dark: the cover says so, and nothing secret
      this.passing = false; // the cover asks to pass the phone on
      this.lastTouch = clock();
      this.notice = null; // {sent: note} or {refused: reason}
      this.noticeUntil = 0;
      this.showingLog = false;
      this.lesson = ""; // a guided turn's hint
      this.showingLesson = false;
      this.result = "";
      // The console's words, and what it last said.
      this.kinds = {}; // each kind's [name, title, ask, say, tone]
      this.phrases = {};
      this.who = null; // who holds it, a text (null: before a game says)
      this.standing = null; // the last show
      this.note = ""; // the last show's note, until a turn starts
      this.question = null; // the last ask
      // Its turn.
      this.option = false; // the ask's yes or no, said yes
      this.picked = null; // the answer on the confirm screen, then on its way
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

    words(message) {
      this.kinds = message.kinds;
      this.phrases = message.phrases;
    }

    show(message) {
      this.standing = message;
      this.who = message.who;
      this.note = message.note;
      if (this.mode === PAIRING || this.mode === OVER) this.mode = WAITING;
    }

    /** Its turn, or the next question of it (a double move's second leg, a refused choice asked again). */
    ask(message) {
      const starts = !TURN.includes(this.mode);
      this.question = message;
      this.who = message.who;
      this.note = "";
      this.mode = CHOOSING;
      this.option = false;
      this.picked = null;
      if (starts) {
        this.buzz();
        this.showingLog = false;
      }
      this.call();
      if (message.hand_over) { // another player takes the phone: dark at once, nothing of the last one's turn left
        this.awake = false;
        this.ringing = this.passing = true;
        this.showingLog = false;
        this.notice = null;
      }
      this.lesson = message.hint || "";
      this.showingLesson = Boolean(this.lesson);
    }

    forgetLesson() {
      this.lesson = "";
      this.showingLesson = false;
    }

    accepted(message) {
      this.mode = WAITING;
      this.picked = null;
      this.forgetLesson();
      this.notify({ sent: message.note });
    }

    refused(message) {
      if (this.mode === SENDING) {
        this.mode = CHOOSING;
        this.picked = null;
      }
      this.notify({ refused: message.reason });
    }

    wait() {
      this.mode = WAITING;
      this.picked = null;
      this.ringing = this.passing = false;
      this.forgetLesson();
    }

    gameOver(message) {
      this.result = message.result;
      this.mode = OVER;
      this.picked = this.standing = this.question = null;
      this.ringing = this.passing = this.showingLog = false;
      this.notice = null;
      this.forgetLesson();
      this.awake = true; // the result is public
      this.lastTouch = this.clock();
    }

    /** A choice is waiting: light the screen if someone is looking, else ring. */
    call() {
      if (this.awake) this.lastTouch = this.clock();
      else this.ringing = true;
    }

    notify(notice) {
      this.notice = notice;
      this.noticeUntil = this.clock() + NOTICE_MS;
    }

    // -------------------------------------------------------- the console's words

    /** A text of the console's in words: as it is, or the phrase its key names (its %s standing for the arg). */
    say(text) {
      if (typeof text === "string") return text;
      const words = has(this.phrases, text[0]) ? this.phrases[text[0]] : text[0];
      return text.length > 1 ? words.replace("%s", () => text[1]) : words;
    }

    /** The kind *key*'s [name, title, ask, say, tone] (one the words lack: its key, and the bare label). */
    kind(key) {
      return has(this.kinds, key) ? this.kinds[key] : [key, key, "%s", "%s", ""];
    }

    /** The words of the choice *answer* by its kind's *field* (2: the question, 3: the statement). */
    choiceWords(answer, field) {
      for (const [kind, choices] of this.question.groups) {
        const found = choices.find(([listed]) => listed === answer);
        if (found) return this.kind(kind)[field].replace("%s", () => found[1]);
      }
      return answer;
    }

    /** The kind of the choice *answer*. */
    kindOf(answer) {
      const group = this.question.groups.find(([, choices]) => choices.some(([listed]) => listed === answer));
      return group ? group[0] : "";
    }

    /** The last show's log; null when the game keeps none. */
    log() {
      return this.standing && has(this.standing, "log") ? this.standing.log : null;
    }

    optionOffered() {
      return this.question !== null && has(this.question, "option");
    }

    // -------------------------------------------------------- its taps

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
      this.showingLog = this.log() !== null;
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

    toggleOption() {
      if (this.mode === CHOOSING && this.optionOffered()) this.option = !this.option;
    }

    pick(answer) {
      const listed = this.question !== null && this.question.groups.some(([, choices]) => choices.some(([choice]) => choice === answer));
      if (this.mode === CHOOSING && listed) {
        this.mode = CONFIRMING;
        this.picked = answer;
      }
    }

    back() {
      if (this.mode === CONFIRMING) this.mode = CHOOSING;
    }

    /** Send on the confirm screen: the choice goes to the console. */
    send() {
      if (this.mode !== CONFIRMING) return [];
      this.mode = SENDING;
      const said = { type: "answer", choice: this.picked };
      if (this.option && this.optionOffered()) said.option = true;
      return [said];
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
    words: Handheld.prototype.words,
    show: Handheld.prototype.show,
    ask: Handheld.prototype.ask,
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

  const TONES = ["yellow", "green", "red", "blue", "purple", "black", "grey"]; // console/games/handheld.py's palette

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

  /** The classes of something of the kind *key*, in its tone (a tone the page does not know is grey). */
  function toneClass(hh, key) {
    const tone = hh.kind(key)[4];
    return "kind tone-" + (TONES.includes(tone) ? tone : "grey");
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

  /** Who holds the phone: as the console names him, else Mister X (before a game says). */
  function holder(hh) {
    return hh.who !== null ? hh.say(hh.who) : t("Mister X");
  }

  /** The bar of the show or ask *told*: its first heading (the phone has room for it); before any, who holds the phone. */
  function headingBar(hh, told) {
    if (told === null) return bar(holder(hh), "");
    const [left, right] = told.heading[0];
    return bar(hh.say(left), hh.say(right));
  }

  /** The console's lines about where it stands. */
  function said(hh, lines) {
    return lines.map((line) => hh.say(line)).filter(Boolean).map((line) => h("p", {}, line));
  }

  /** What it holds: each kind's name in its tone, and its count (none when held, not counted). */
  function chips(hh, counts) {
    if (!counts.length) return null;
    return h("ul", { class: "chips" }, counts.map(([key, count]) => h("li", { class: toneClass(hh, key) },
      count === null ? hh.kind(key)[0] : h("span", {}, hh.kind(key)[0], " ", h("b", {}, String(count))))));
  }

  function logButton(hh) {
    return hh.log() !== null ? button("log", t("Travel log")) : null;
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
    const who = holder(hh);
    const shown = hh.passing ?
      [h("span", { class: "faint" }, t("Pass me to")), h("strong", { class: "name" }, who), h("span", {}, t("Tap when you have me."))] :
      [h("strong", { class: "name" }, who), h("span", { class: "big" }, t("Your turn")), h("span", {}, t("Tap to show."))];
    return ["dark", [h("button", { type: "button", class: "cover", "data-action": "wake", on: () => act("wake") }, shown)]];
  }

  function noticeScreen(hh) {
    const notice = hh.notice;
    const note = notice.refused === undefined ? hh.say(notice.sent) : "";
    const shown = notice.refused !== undefined ?
      [h("strong", { class: "big" }, t("Move refused")), h("span", { class: "reason" }, notice.refused)] :
      [h("strong", { class: "big" }, t("Move sent")), h("span", {}, t("Hide the phone.")), note ? h("strong", { class: "warn" }, note) : null];
    return ["", [bar(holder(hh), ""),
      h("button", { type: "button", class: "notice", "data-action": "dismiss", on: () => act("dismiss") },
        shown, h("span", { class: "faint" }, t("Tap to go on.")))]];
  }

  function logScreen(hh) {
    const entries = hh.log() || [];
    const rows = entries.map(([key, label], index) => h("li", {},
      h("span", { class: "number" }, String(index + 1)),
      h("span", { class: toneClass(hh, key) }, hh.kind(key)[0]),
      h("b", { class: "label" }, label)));
    return ["", [bar(t("Travel log"), counted("{n} move", "{n} moves", entries.length)),
      rows.length ? h("ol", { class: "log" }, rows) : h("p", {}, t("No moves yet.")),
      button("close-log", t("Back"))]];
  }

  function lessonScreen(hh) {
    return ["", [headingBar(hh, hh.question),
      h("section", { class: "lesson" }, h("h2", {}, t("Lesson")), h("p", { class: "big" }, hh.lesson)),
      button("close-lesson", t("Show my moves"), "action primary"),
      logButton(hh)]];
  }

  function pairingScreen(hh) {
    return ["", [bar(holder(hh), ""),
      h("p", { class: "big centre" }, t("Waiting for the console")),
      h("p", { class: "centre" }, hh.connected ? t("Connected.") : t("Not connected."))]];
  }

  function waitingScreen(hh) {
    const standing = hh.standing;
    const note = hh.say(hh.note);
    return ["", [headingBar(hh, standing),
      standing ? said(hh, standing.lines) : null,
      standing ? chips(hh, standing.counts) : null,
      note ? h("p", { class: "warn" }, note) : null,
      h("p", { class: "big" }, hh.connected ? t("Wait for your turn.") : t("Not connected.")),
      logButton(hh)]];
  }

  function chooseScreen(hh) {
    const question = hh.question;
    const warning = hh.say(question.warning);
    const option = hh.optionOffered() ? question.option : null;
    const groups = question.groups.filter(([, choices]) => choices.length).map(([key, choices]) => h("section", { class: "group" },
      h("h2", {}, hh.kind(key)[1]),
      h("div", { class: "moves" }, choices.map(([answer, label]) => h("button", {
        type: "button", class: toneClass(hh, key) + " move", "data-choice": answer,
        "aria-label": hh.choiceWords(answer, 3), on: () => act("pick", answer),
      }, label)))));
    return ["", [headingBar(hh, question),
      warning ? h("p", { class: "note warning", role: "alert" }, warning) : null,
      said(hh, question.lines),
      chips(hh, question.counts),
      option ? h("button", {
        type: "button", class: "option" + (hh.option ? " on" : ""), "data-action": "option",
        "aria-pressed": String(hh.option), on: () => act("option"),
      }, hh.say(option[hh.option ? 1 : 0])) : null,
      groups.length ? groups : h("p", { class: "big" }, t("No move.")),
      hh.lesson ? button("lesson", t("Lesson")) : null,
      logButton(hh)]];
  }

  function confirmScreen(hh) {
    const question = hh.question;
    const caution = hh.say(question.caution);
    const option = hh.optionOffered() && hh.option ? hh.say(question.option[2]) : "";
    return ["", [headingBar(hh, question),
      h("p", { class: "question " + toneClass(hh, hh.kindOf(hh.picked)) }, hh.choiceWords(hh.picked, 2)),
      option ? h("p", { class: "note option-note" }, option) : null,
      caution ? h("p", { class: "note warning" }, caution) : null,
      hh.connected ? button("send", t("Send"), "action primary") :
        h("button", { type: "button", class: "action primary", disabled: true }, t("Send (not connected)")),
      button("back", t("Back"))]];
  }

  function sendingScreen(hh) {
    return ["", [headingBar(hh, hh.question),
      h("p", { class: "question " + toneClass(hh, hh.kindOf(hh.picked)) }, hh.choiceWords(hh.picked, 3)),
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

  /** A tap on the control named *action* (*choice*: the answer picked). */
  function act(action, choice) {
    handheld.touched();
    const sent = {
      wake: () => handheld.wake(),
      hide: () => handheld.hide(),
      dismiss: () => handheld.dismissNotice(),
      log: () => handheld.openLog(),
      "close-log": () => handheld.closeLog(),
      lesson: () => handheld.openLesson(),
      "close-lesson": () => handheld.closeLesson(),
      option: () => handheld.toggleOption(),
      pick: () => handheld.pick(choice),
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

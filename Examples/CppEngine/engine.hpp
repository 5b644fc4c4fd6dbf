// The engine side of Examples/CppEngine: a miniature of the types an engine shaped like the
// protocol document's (seed 003) has, so that the glue in wire_platform.hpp meets what it meets
// in a real engine: a Command with getters, Event classes the engine dispatches, a PlatformThread
// with sendCommands/sendEvent/pollEvents/startEventLoop/startModal/endModal, and the engine's
// dispatcher. A real engine has its own; nothing here is cmdtool's.
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

class Command {
 public:
  // The codes of the engine's Command::Type enum since 2018-11-28 (numbering engine-2018-11-28).
  enum Type {
    CREATE_APPLICATION = 0, CREATE_FRAMEVIEW = 1, CREATE_TEXTFIELD = 4, CREATE_BUTTON = 8,
    CREATE_LINEAR_LAYOUT = 11, CREATE_TEXT = 18, CREATE_DIALOG = 20, CREATE_TOAST = 34,
    REMOVE_CHILD = 39, SET_TEXT_VALUE = 46, SET_VISIBILITY = 49, SET_STYLE = 51,
    UPDATE_PREFERENCE = 55, COMMIT_PREFERENCES = 57, CREATE_TIMER = 65,
  };
  Command(Type type, int internalId, int childInternalId = 0)
    : type_(type), internal_id_(internalId), child_internal_id_(childInternalId) {}
  Command & setValue(int value) { value_ = value; return *this; }
  Command & setTextValue(std::string text) { text_value_ = std::move(text); return *this; }
  Command & setTextValue2(std::string text) { text_value2_ = std::move(text); return *this; }
  Command & setFlags(unsigned flags) { flags_ = flags; return *this; }

  Type getType() const { return type_; }
  int getInternalId() const { return internal_id_; }
  int getChildInternalId() const { return child_internal_id_; }
  int getValue() const { return value_; }
  const std::string & getTextValue() const { return text_value_; }
  const std::string & getTextValue2() const { return text_value2_; }
  unsigned getFlags() const { return flags_; }

 private:
  Type type_;
  int internal_id_, child_internal_id_, value_ = 0;
  std::string text_value_, text_value2_;
  unsigned flags_ = 0;
};

class Event {
 public:
  explicit Event(double timestamp) : timestamp_(timestamp) {}
  virtual ~Event() = default;
  virtual std::shared_ptr<Event> dup() const = 0;
  double getTimestamp() const { return timestamp_; }

 private:
  double timestamp_;
};

/// A value change: a text edit (a text field's new text) or a value (a click, a dialog's answer).
class ValueEvent : public Event {
 public:
  ValueEvent(double timestamp, std::string text) : Event(timestamp), text_(std::move(text)), is_text_(true) {}
  ValueEvent(double timestamp, int value) : Event(timestamp), value_(value) {}
  std::shared_ptr<Event> dup() const override { return std::make_shared<ValueEvent>(*this); }
  bool isTextValue() const { return is_text_; }
  const std::string & getTextValue() const { return text_; }
  int getValue() const { return value_; }

 private:
  std::string text_;
  int value_ = 0;
  bool is_text_ = false;
};

class TimerEvent : public Event {
 public:
  TimerEvent(double timestamp, int timerId) : Event(timestamp), timer_id_(timerId) {}
  std::shared_ptr<Event> dup() const override { return std::make_shared<TimerEvent>(*this); }
  int getTimerId() const { return timer_id_; }

 private:
  int timer_id_;
};

class SysEvent : public Event {
 public:
  enum Type { BACK = 3 };
  SysEvent(double timestamp, int type) : Event(timestamp), type_(type) {}
  std::shared_ptr<Event> dup() const override { return std::make_shared<SysEvent>(*this); }
  int getType() const { return type_; }

 private:
  int type_;
};

/// The platform as the engine sees it (the protocol document's PlatformThread, the parts a
/// platform on cmdtool's wire implements).
class PlatformThread {
 public:
  virtual ~PlatformThread() = default;
  virtual void sendCommands(const std::vector<Command> & commands) = 0;
  virtual void sendEvent(int internal_id, const Event & ev) = 0;
  virtual std::vector<std::pair<int, std::shared_ptr<Event>>> pollEvents(bool blocking = false) = 0;
  virtual void startEventLoop() = 0;
  virtual int startModal() = 0;
  virtual void endModal(int value) = 0;
};

/// The engine's dispatcher (Element::postEventToElement in the protocol document's engine): hands
/// `ev` to the element `internal_id`, 0 being the application.
void postEventToElement(int internal_id, Event & ev);

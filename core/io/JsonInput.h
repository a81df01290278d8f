#pragma once
// Reading user-written JSON with errors that name the field as the user wrote
// it: "contact_level.W[1][2]", "bodies[0].mass". Every reader here throws
// InputError(field, reason) at the boundary (docs/design.md, "Errors"); numbers
// must be finite, so nothing downstream ever sees NaN or infinity from input.
#include <cstdint>
#include <istream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mechanics/NumberText.h"
#include "mechanics/Types.h"

namespace impactlab {

// Parses JSON text. A syntax error throws InputError(sourceName, "invalid JSON:
// parse error at line L, column C: ..."). JSON has no NaN or Infinity literal,
// but a number too large for a double (1e999) does not parse either; it throws
// InputError naming that number's field ("friction", "contact_level.W[0][1]").
//
// The document limits of mechanics/InputLimits.h are enforced here, naming the
// field: size (kMaxInputBytes), nesting depth, string and array length, and
// duplicate keys (JSON allows them; ImpactLab refuses them, since which value
// wins is otherwise a guess).
nlohmann::json parseJsonText(const std::string& text, const std::string& sourceName);
// The file at `path`, through parseJsonText; InputError(path, ...) when it
// cannot be read or is larger than the limit (judged from its size, before
// a byte is read).
nlohmann::json readJsonFile(const std::string& path);

// Throws InputError(sourceName, "is N bytes, more than the limit of ...")
// when `bytes` exceeds limits::kMaxInputBytes: the one wording of the size
// limit, for files (from their size) and for text already in memory.
void requireInputSize(std::uintmax_t bytes, const std::string& sourceName);
// A stream (standard input) read in blocks, refused as soon as it passes
// limits::kMaxInputBytes: an endless or huge stream is never held in full.
// Returns false (with `text` partial) when the stream failed to read.
bool readStreamWithinLimit(std::istream& in, const std::string& sourceName, std::string& text);

// Field names as the user writes them: joinField("bodies[0]", "mass") is
// "bodies[0].mass", joinField("", "friction") is "friction";
// indexField("bodies", 1) is "bodies[1]".
std::string joinField(const std::string& parent, const std::string& key);
std::string indexField(const std::string& parent, std::size_t index);

// "a number", "a string", "an array", ... for "must be X, got Y" messages.
std::string describeJsonType(const nlohmann::json& value);

// Throws InputError(field, "must be a JSON object, got ...") unless `value` is one.
void requireObject(const nlohmann::json& value, const std::string& field);
// The member `key` of `object` (an object), or InputError(joinField(field, key), "missing").
const nlohmann::json& getMember(const nlohmann::json& object, const std::string& key,
                                const std::string& field);
// Throws InputError(joinField(field, key), "unknown field ...") for the first
// key of `object` that is not in `known`.
void rejectUnknownKeys(const nlohmann::json& object, const std::vector<std::string>& known,
                       const std::string& field);

// Finite, and no larger in magnitude than limits::kMaxMagnitude.
double readNumber(const nlohmann::json& value, const std::string& field);
// readNumber, then lo <= x <= hi (the error states the range).
double readNumberInRange(const nlohmann::json& value, const std::string& field, double lo, double hi);
// A whole number in [lo, hi] (a JSON integer, or a float with no fraction).
long long readInteger(const nlohmann::json& value, const std::string& field, long long lo, long long hi);
bool readBool(const nlohmann::json& value, const std::string& field);
std::string readString(const nlohmann::json& value, const std::string& field);
// The string member `key` of `object`, or `fallback` when it is absent.
std::string readOptionalString(const nlohmann::json& object, const std::string& key, const std::string& field,
                               const std::string& fallback);
Vec2 readVec2(const nlohmann::json& value, const std::string& field);          // [x, y]
Vec3 readVec3(const nlohmann::json& value, const std::string& field);          // [x, y, z]
Mat3 readMat3(const nlohmann::json& value, const std::string& field);          // three rows of three

// Optional members, the one set every scene reader uses:
// the member `key` of `object` read as above under the field
// joinField(field, key), or `fallback` when it is absent. Like
// nlohmann::json::find, a value that is not an object has no members (the
// readers check their objects first, naming them).
const nlohmann::json* findMember(const nlohmann::json& object, const std::string& key);
double readOptionalNumber(const nlohmann::json& object, const std::string& key, const std::string& field,
                          double fallback);
double readOptionalNumberInRange(const nlohmann::json& object, const std::string& key, const std::string& field,
                                 double fallback, double lo, double hi);
Vec2 readOptionalVec2(const nlohmann::json& object, const std::string& key, const std::string& field,
                      const Vec2& fallback);
Vec3 readOptionalVec3(const nlohmann::json& object, const std::string& key, const std::string& field,
                      const Vec3& fallback);
// An optional [x, y, z] whose every component lies in [lo, hi] (a colour in
// [0, 1]; a velocity within +-bound): InputError(joinField(field, key),
// "components must be in [lo, hi]", or "within +-hi" when lo = -hi).
Vec3 readOptionalVec3InRange(const nlohmann::json& object, const std::string& key, const std::string& field,
                             const Vec3& fallback, double lo, double hi);

}  // namespace impactlab

#pragma once
// Numbers in messages: errors, warnings and captions. The one formatter the
// core uses for text a person reads in a message; the C++ stream's default
// notation (printf's "%g"): `digits` significant digits, plain or scientific
// by magnitude, trailing zeros dropped ("0.3", "1e-12", "2.36946e+06").
//
// Summaries, tables and legends format numbers against the scale of their
// quantity instead (diagram/DisplayNumber.h); files read back by programs
// (JSON, CSV) keep every digit.
#include <string>

namespace impactlab {

// Six digits tell apart every input a message quotes (a mass, a friction
// coefficient, a limit) without the round-off tail of a full double.
inline constexpr int kMessageDigits = 6;

std::string formatNumber(double x, int digits = kMessageDigits);

}  // namespace impactlab

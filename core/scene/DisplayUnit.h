#pragma once
// The unit a quantity is shown in, wherever it is shown (the parameter
// panel, the report, a sweep's axes): angles in degrees, as people read them,
// and stiffnesses in GPa, the papers' unit; documents and the core keep SI
// (rad, Pa). One place, so every view reads alike.
#include <string>

namespace impactlab {

inline constexpr double kDegreesPerRadian = 57.295779513082320877;   // 180 / pi
inline constexpr double kGigaPascalPerPascal = 1e-9;

struct DisplayUnit {
    std::string unit;     // "deg", "GPa", else the SI unit itself
    double scale = 1.0;   // displayed = SI * scale
};

inline DisplayUnit getDisplayUnit(const std::string& siUnit) {
    if (siUnit == "rad") return {"deg", kDegreesPerRadian};
    if (siUnit == "Pa") return {"GPa", kGigaPascalPerPascal};
    return {siUnit, 1.0};
}

}  // namespace impactlab

#include "sim/tosses/Tosses.h"

#include <Eigen/Geometry>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "io/JsonInput.h"
#include "mechanics/InputLimits.h"
#include "sim/Simulation.h"

namespace impactlab {

namespace {

using nlohmann::json;

// The columns of the measured-tosses CSV, as the format names them.
const char* const kTossColumns[] = {"toss", "group", "k",  "t",  "x",  "y",  "z",  "qw", "qx",
                                     "qy",   "qz",    "vx", "vy", "vz", "wx", "wy", "wz"};
constexpr int kTossColumnCount = static_cast<int>(sizeof kTossColumns / sizeof kTossColumns[0]);
// Largest toss or group id accepted (ids are small integers in the data).
constexpr long long kMaxTossId = 1000000000;
// Relative departure from a diagonal inertia tensor accepted (the box's axes
// are its principal axes).
constexpr double kDiagonalInertiaRelTol = 1e-9;
// Relative mismatch between t and k dt a sample may have (t is printed to 1 us).
constexpr double kSampleTimeAbsTolSeconds = 5e-6;

std::vector<std::string> splitCsvLine(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream in(line);
    while (std::getline(in, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    for (std::string& c : cells) {
        while (!c.empty() && (c.back() == '\r' || c.back() == ' ')) c.pop_back();
        while (!c.empty() && c.front() == ' ') c.erase(c.begin());
    }
    return cells;
}

double parseCell(const std::string& text, const std::string& field) {
    if (text.empty()) throw InputError(field, "empty cell");
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) throw InputError(field, "not a number: '" + text + "'");
    if (!std::isfinite(v) || errno == ERANGE || std::abs(v) > limits::kMaxMagnitude)
        throw InputError(field, "must be a finite number, got '" + text + "'");
    return v;
}

long long parseWholeCell(const std::string& text, const std::string& field, long long lo, long long hi) {
    const double v = parseCell(text, field);
    if (v != std::floor(v) || v < static_cast<double>(lo) || v > static_cast<double>(hi))
        throw InputError(field, "must be a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                                    "], got '" + text + "'");
    return static_cast<long long>(v);
}

// A unit quaternion from (w, x, y, z), or InputError(field).
Quat readUnitQuaternion(double w, double x, double y, double z, const std::string& field) {
    const Quat q(w, x, y, z);
    const double norm = q.norm();
    if (!(std::abs(norm - 1.0) <= kQuaternionUnitRelTol)) {
        std::ostringstream os;
        os << "must be a unit quaternion (|q| within " << kQuaternionUnitRelTol << " of 1), got |q| = " << norm;
        throw InputError(field, os.str());
    }
    return q.normalized();
}

// Principal moments of an inertia given as a scalar (isotropic) or a 3x3
// matrix diagonal in the box's axes.
Vec3 readBoxInertia(const json& value, const std::string& field) {
    Vec3 moments;
    if (value.is_number()) {
        moments = Vec3::Constant(readNumber(value, field));
    } else {
        const Mat3 I = readMat3(value, field);
        const double scale = I.diagonal().cwiseAbs().maxCoeff();
        const Mat3 offDiagonal = I - Mat3(I.diagonal().asDiagonal());
        if (!(offDiagonal.cwiseAbs().maxCoeff() <= kDiagonalInertiaRelTol * scale))
            throw InputError(field, "must be diagonal: the box's axes are its principal axes");
        moments = I.diagonal();
    }
    if (!(moments.minCoeff() > 0.0)) throw InputError(field, "moments of inertia must be > 0");
    const double sum = moments.sum();
    for (int i = 0; i < 3; ++i)
        if (moments(i) > (sum - moments(i)) * (1.0 + kInertiaTriangleRelTol))
            throw InputError(field, "principal moments must obey the triangle inequality (each <= the sum of the other two)");
    return moments;
}

Vec3 readHalfExtents(const json& value, const std::string& field) {
    const Vec3 h = readVec3(value, field);
    if (!(h.minCoeff() > 0.0)) throw InputError(field, "half extents must be > 0");
    return h;
}

// A body's mass, > 0.
double readMass(const json& value, const std::string& field) {
    const double m = readNumber(value, field);
    if (!(m > 0.0)) throw InputError(field, "must be > 0, got " + std::to_string(m));
    return m;
}

double readPositive(const json& value, const std::string& field) {
    const double v = readNumber(value, field);
    if (!(v > 0.0)) throw InputError(field, "must be > 0");
    return v;
}

// Rotation vector of a unit quaternion, the shorter way round.
Vec3 calcRotationVector(Quat q) {
    if (q.w() < 0.0) q.coeffs() = -q.coeffs();
    const Eigen::AngleAxisd aa(q);
    return aa.angle() * aa.axis();
}

// The slope b of y = a + b tau by least squares (tau, y given).
double fitSlope(const std::vector<double>& tau, const std::vector<double>& y) {
    const double n = static_cast<double>(tau.size());
    double st = 0.0, sy = 0.0, stt = 0.0, sty = 0.0;
    for (std::size_t i = 0; i < tau.size(); ++i) {
        st += tau[i];
        sy += y[i];
        stt += tau[i] * tau[i];
        sty += tau[i] * y[i];
    }
    const double den = n * stt - st * st;
    return den > 0.0 ? (n * sty - st * sy) / den : 0.0;
}

}  // namespace

BodyState toBodyState(const TossState& s) {
    return {s.position, s.orientation, s.velocity, s.orientation * s.angularVelocity};
}

TossState toTossState(const BodyState& s) {
    return {s.position, s.orientation, s.velocity, s.orientation.conjugate() * s.angularVelocity};
}

TossBody readTossBody(const json& doc, const std::string& source) {
    requireObject(doc, source);
    rejectUnknownKeys(doc, {"format", "shape", "half_extents", "mass", "inertia", "dt", "gravity", "ground_z", "nominal"},
                      source);
    auto field = [&](const std::string& key) { return source + ": " + key; };
    if (const json* f = findMember(doc, "format"); f && readString(*f, field("format")) != "impactlab.tosses/1")
        throw InputError(field("format"), "must be \"impactlab.tosses/1\"");
    if (const json* s = findMember(doc, "shape"); s && readString(*s, field("shape")) != "box")
        throw InputError(field("shape"), "must be \"box\" (the only shape a toss file describes)");
    TossBody body;
    body.halfExtents = readHalfExtents(getMember(doc, "half_extents", source), field("half_extents"));
    body.mass = readMass(getMember(doc, "mass", source), field("mass"));
    body.principalInertia = readBoxInertia(getMember(doc, "inertia", source), field("inertia"));
    body.dt = readPositive(getMember(doc, "dt", source), field("dt"));
    if (const json* g = findMember(doc, "gravity")) body.gravity = readVec3(*g, field("gravity"));
    if (const json* z = findMember(doc, "ground_z")) body.groundZ = readNumber(*z, field("ground_z"));
    if (const json* n = findMember(doc, "nominal")) {
        requireObject(*n, field("nominal"));
        rejectUnknownKeys(*n, {"friction", "restitution"}, field("nominal"));
        if (const json* mu = findMember(*n, "friction"))
            body.nominalFriction = readNumberInRange(*mu, field("nominal.friction"), 0.0, limits::kMaxFriction);
        if (const json* e = findMember(*n, "restitution"))
            body.nominalRestitution = readNumberInRange(*e, field("nominal.restitution"), 0.0, 1.0);
    }
    return body;
}

TossSet readTosses(const std::string& csvText, const std::string& source, const TossBody& body) {
    requireInputSize(csvText.size(), source);
    TossSet set;
    set.body = body;
    std::istringstream in(csvText);
    std::string line;
    if (!std::getline(in, line)) throw InputError(source, "empty file: expected the header row");
    const std::vector<std::string> header = splitCsvLine(line);
    std::map<std::string, int> columnOf;
    for (int i = 0; i < static_cast<int>(header.size()); ++i) columnOf[header[i]] = i;
    int column[kTossColumnCount];
    for (int c = 0; c < kTossColumnCount; ++c) {
        const auto it = columnOf.find(kTossColumns[c]);
        if (it == columnOf.end())
            throw InputError(source + ": header", std::string("missing column '") + kTossColumns[c] + "'");
        column[c] = it->second;
    }
    std::map<int, std::size_t> indexOfToss;
    int row = 1;
    while (std::getline(in, line)) {
        ++row;
        if (line.empty() || line == "\r") continue;
        const std::vector<std::string> cells = splitCsvLine(line);
        const std::string rowField = source + ": row " + std::to_string(row);
        if (cells.size() != header.size())
            throw InputError(rowField, "has " + std::to_string(cells.size()) + " cells, the header " +
                                           std::to_string(header.size()));
        double v[kTossColumnCount];
        for (int c = 3; c < kTossColumnCount; ++c)
            v[c] = parseCell(cells[column[c]], rowField + ": " + kTossColumns[c]);
        const int id = static_cast<int>(parseWholeCell(cells[column[0]], rowField + ": toss", 0, kMaxTossId));
        const int group = static_cast<int>(parseWholeCell(cells[column[1]], rowField + ": group", 0, kMaxTossId));
        const long long k = parseWholeCell(cells[column[2]], rowField + ": k", 0, limits::kMaxSamplesPerRun);
        auto [it, added] = indexOfToss.try_emplace(id, set.tosses.size());
        if (added) {
            Toss t;
            t.id = id;
            t.group = group;
            set.tosses.push_back(t);
        } else if (it->second + 1 != set.tosses.size()) {
            throw InputError(rowField + ": toss", "toss " + std::to_string(id) + " continues after another toss began");
        }
        Toss& toss = set.tosses[it->second];
        if (toss.group != group)
            throw InputError(rowField + ": group", "toss " + std::to_string(id) + " changes group");
        if (k != static_cast<long long>(toss.samples.size()))
            throw InputError(rowField + ": k", "expected sample " + std::to_string(toss.samples.size()) + " of toss " +
                                                   std::to_string(id) + ", got " + std::to_string(k));
        if (!(std::abs(v[3] - static_cast<double>(k) * body.dt) <= kSampleTimeAbsTolSeconds + 1e-9 * v[3]))
            throw InputError(rowField + ": t", "must be k dt = " + std::to_string(static_cast<double>(k) * body.dt));
        TossState s;
        s.position = Vec3(v[4], v[5], v[6]);
        s.orientation = readUnitQuaternion(v[7], v[8], v[9], v[10], rowField + ": qw..qz");
        s.velocity = Vec3(v[11], v[12], v[13]);
        s.angularVelocity = Vec3(v[14], v[15], v[16]);
        toss.samples.push_back(s);
    }
    if (set.tosses.empty()) throw InputError(source, "no tosses: the file has a header and no rows");
    for (const Toss& t : set.tosses)
        if (t.samples.size() < 2)
            throw InputError(source + ": toss " + std::to_string(t.id),
                             "has " + std::to_string(t.samples.size()) + " sample; a toss needs at least two");
    return set;
}

TossStart findTossStart(const Toss& toss, const TossBody& body, const std::string& source) {
    const double reach = body.cornerReach();
    int first = -1;
    for (int k = 0; k < static_cast<int>(toss.samples.size()); ++k) {
        if (toss.samples[k].position.z() - body.groundZ <= reach) {
            first = k;
            break;
        }
    }
    if (first < 0)
        throw InputError(source + ": toss " + std::to_string(toss.id),
                         "never comes within reach of the table (centre height <= " + std::to_string(reach) + " m)");
    const int k0 = std::max(0, first - kStartSamplesBeforeReach);
    TossStart start;
    start.id = toss.id;
    start.startSample = k0;
    start.state = toss.samples[k0];
    if (k0 == 0) return start;   // no flight before it to fit: its own velocities
    // Ballistic fit over samples 0..k0 in tau = t - t_k0: x, y linear; z less
    // its gravity term linear (the slope is the velocity at tau = 0); the
    // body-frame rotation from sample k0 to each sample, omega tau.
    std::vector<double> tau, px, py, pz, rx, ry, rz;
    Vec3 turned = Vec3::Zero();   // rotation from sample j to k0, body frame, accumulated backwards
    for (int j = k0; j >= 0; --j) {
        if (j < k0)
            turned += calcRotationVector(toss.samples[j].orientation.conjugate() * toss.samples[j + 1].orientation);
        const double t = (j - k0) * body.dt;
        const Vec3& p = toss.samples[j].position;
        tau.push_back(t);
        px.push_back(p.x() - 0.5 * body.gravity.x() * t * t);
        py.push_back(p.y() - 0.5 * body.gravity.y() * t * t);
        pz.push_back(p.z() - 0.5 * body.gravity.z() * t * t);
        rx.push_back(-turned.x());
        ry.push_back(-turned.y());
        rz.push_back(-turned.z());
    }
    start.state.velocity = Vec3(fitSlope(tau, px), fitSlope(tau, py), fitSlope(tau, pz));
    // Through the origin: the rotation from sample k0 to itself is nothing.
    double stt = 0.0;
    Vec3 str = Vec3::Zero();
    for (std::size_t i = 0; i < tau.size(); ++i) {
        stt += tau[i] * tau[i];
        str += tau[i] * Vec3(rx[i], ry[i], rz[i]);
    }
    start.state.angularVelocity = str / stt;
    return start;
}

TossStarts readTossStarts(const json& doc, const std::string& source) {
    requireObject(doc, source);
    rejectUnknownKeys(doc, {"dt", "n_samples", "half_width", "half_extents", "mass", "inertia", "g", "ground_z",
                            "nominal_mu", "nominal_e", "tosses"},
                      source);
    auto field = [&](const std::string& key) { return source + ": " + key; };
    TossStarts out;
    TossBody& body = out.body;
    const json* halfWidth = findMember(doc, "half_width");
    const json* halfExtents = findMember(doc, "half_extents");
    if ((halfWidth != nullptr) == (halfExtents != nullptr))
        throw InputError(field("half_width"), "give exactly one of half_width (a cube) and half_extents (a box)");
    body.halfExtents = halfWidth ? Vec3::Constant(readPositive(*halfWidth, field("half_width")))
                                 : readHalfExtents(*halfExtents, field("half_extents"));
    body.mass = readMass(getMember(doc, "mass", source), field("mass"));
    body.principalInertia = readBoxInertia(getMember(doc, "inertia", source), field("inertia"));
    body.dt = readPositive(getMember(doc, "dt", source), field("dt"));
    if (const json* g = findMember(doc, "g")) body.gravity = Vec3(0, 0, -readNumberInRange(*g, field("g"), 0.0, 1e3));
    if (const json* z = findMember(doc, "ground_z")) body.groundZ = readNumber(*z, field("ground_z"));
    if (const json* mu = findMember(doc, "nominal_mu"))
        body.nominalFriction = readNumberInRange(*mu, field("nominal_mu"), 0.0, limits::kMaxFriction);
    if (const json* e = findMember(doc, "nominal_e")) body.nominalRestitution = readNumberInRange(*e, field("nominal_e"), 0.0, 1.0);
    out.samples = static_cast<int>(
        readInteger(getMember(doc, "n_samples", source), field("n_samples"), 1, limits::kMaxSamplesPerRun));
    const json& tosses = getMember(doc, "tosses", source);
    if (!tosses.is_array() || tosses.empty())
        throw InputError(field("tosses"), "must be a non-empty array of start states");
    for (std::size_t i = 0; i < tosses.size(); ++i) {
        const std::string f = indexField(field("tosses"), i);
        const json& t = tosses[i];
        requireObject(t, f);
        rejectUnknownKeys(t, {"toss", "p0", "q0_wxyz", "v0_world", "omega0_body"}, f);
        TossStart s;
        s.id = static_cast<int>(readInteger(getMember(t, "toss", f), joinField(f, "toss"), 0, kMaxTossId));
        s.startSample = -1;
        s.state.position = readVec3(getMember(t, "p0", f), joinField(f, "p0"));
        const json& q = getMember(t, "q0_wxyz", f);
        if (!q.is_array() || q.size() != 4) throw InputError(joinField(f, "q0_wxyz"), "must be [w, x, y, z]");
        s.state.orientation =
            readUnitQuaternion(readNumber(q[0], joinField(f, "q0_wxyz[0]")), readNumber(q[1], joinField(f, "q0_wxyz[1]")),
                               readNumber(q[2], joinField(f, "q0_wxyz[2]")), readNumber(q[3], joinField(f, "q0_wxyz[3]")),
                               joinField(f, "q0_wxyz"));
        s.state.velocity = readVec3(getMember(t, "v0_world", f), joinField(f, "v0_world"));
        s.state.angularVelocity = readVec3(getMember(t, "omega0_body", f), joinField(f, "omega0_body"));
        out.starts.push_back(s);
    }
    return out;
}

json toJson(const TossStarts& starts) {
    const TossBody& b = starts.body;
    json doc;
    doc["dt"] = b.dt;
    doc["n_samples"] = starts.samples;
    if (b.halfExtents.isApproxToConstant(b.halfExtents.x(), 0.0)) doc["half_width"] = b.halfExtents.x();
    else doc["half_extents"] = {b.halfExtents.x(), b.halfExtents.y(), b.halfExtents.z()};
    doc["mass"] = b.mass;
    if (b.principalInertia.isApproxToConstant(b.principalInertia.x(), 0.0)) {
        doc["inertia"] = b.principalInertia.x();
    } else {
        const Vec3& I = b.principalInertia;
        doc["inertia"] = {{I.x(), 0.0, 0.0}, {0.0, I.y(), 0.0}, {0.0, 0.0, I.z()}};
    }
    doc["g"] = -b.gravity.z();
    doc["ground_z"] = b.groundZ;
    doc["nominal_mu"] = b.nominalFriction;
    doc["nominal_e"] = b.nominalRestitution;
    json list = json::array();
    for (const TossStart& s : starts.starts) {
        const TossState& x = s.state;
        list.push_back({{"toss", s.id},
                        {"p0", {x.position.x(), x.position.y(), x.position.z()}},
                        {"q0_wxyz", {x.orientation.w(), x.orientation.x(), x.orientation.y(), x.orientation.z()}},
                        {"v0_world", {x.velocity.x(), x.velocity.y(), x.velocity.z()}},
                        {"omega0_body", {x.angularVelocity.x(), x.angularVelocity.y(), x.angularVelocity.z()}}});
    }
    doc["tosses"] = list;
    return doc;
}

}  // namespace impactlab

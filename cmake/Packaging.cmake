# CPack: `cd build && cpack -G DEB` makes impactlab_<version>_<arch>.deb from
# the install rules (prefix /usr). Its dependencies are the shared libraries
# the programs link, found by dpkg-shlibdeps (packages dpkg-dev and file),
# plus what is loaded at run time and so invisible to it (below).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME impactlab)
set(CPACK_PACKAGE_VENDOR "ImpactLab")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Desktop laboratory for rigid-body impact mechanics")
# Lines of at most 80 characters, as Debian's control files want them.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "The impact laws of the literature in one impulse-space picture: scenes in"
  "a live 3D view beside the diagrams the solver core computes (impactlab),"
  "a headless command line for batch work (impactlab-cli) and a report writer"
  "(impactlab-report). Built-in scenes reproduce published examples: Jia &"
  "Wang, PLUS, maximum dissipation, Kudlich-Slibar vehicle collisions, granular"
  "flows.")
# A maintainer field is mandatory in a .deb; override with -DCPACK_PACKAGE_CONTACT=...
set(CPACK_PACKAGE_CONTACT "ImpactLab maintainers <impactlab@example.org>" CACHE STRING "Maintainer of the .deb")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(IMPACTLAB_BUILD_UI)
  # Loaded as plugins, so dpkg-shlibdeps cannot see them: Qt's platform
  # plugins (xcb for the window, offscreen for impactlab-report), only a
  # Recommends of libqt6gui6, without which the app cannot start.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
endif()
if(IMPACTLAB_MPI)
  # impactlab-cli runs granular scenes on several processes under mpirun; on
  # one process it needs only the libraries.
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "openmpi-bin")
endif()
if(IMPACTLAB_BUILD_PYTHON)
  # The Python module (python/, in lib/python3.X/dist-packages) returns numpy
  # arrays; the programs need neither Python nor numpy.
  if(CPACK_DEBIAN_PACKAGE_RECOMMENDS)
    string(APPEND CPACK_DEBIAN_PACKAGE_RECOMMENDS ", python3-numpy")
  else()
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-numpy")
  endif()
endif()
include(CPack)

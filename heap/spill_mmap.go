//go:build unix

package heap

import (
	"fmt"
	"syscall"
	"unsafe"
)

// mapSize sizes the file for s.capacity values and maps it whole.
func (s *spillFile) mapSize() error {
	if s.data != nil {
		if err := syscall.Munmap(s.data); err != nil {
			return err
		}
		s.data = nil
	}
	size := int64(spillHeader) + int64(s.capacity)*int64(s.width)
	if err := s.f.Truncate(size); err != nil {
		return fmt.Errorf("spill file %s: %v", s.path, err)
	}
	data, err := syscall.Mmap(int(s.f.Fd()), 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return fmt.Errorf("spill file %s: mmap: %v", s.path, err)
	}
	s.data = data
	return nil
}

// close writes the mapping back and releases it.
func (s *spillFile) close() error {
	if s == nil || s.data == nil {
		return nil
	}
	err := msync(s.data)
	if uerr := syscall.Munmap(s.data); err == nil {
		err = uerr
	}
	s.data = nil
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	return err
}

func msync(b []byte) error {
	_, _, e := syscall.Syscall(syscall.SYS_MSYNC, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b)), syscall.MS_SYNC)
	if e != 0 {
		return e
	}
	return nil
}
